import Testing

@testable import cocoacasts

/// Keys as they arrive from a terminal, byte by byte and with pauses between: arrows in both
/// forms, Ctrl-N/Ctrl-P, Esc alone, longer sequences passed over, and UTF-8 whole or not at all.
@Suite("TerminalKeys reads keys as terminals send them")
struct TerminalKeysTests {
    /// What a terminal sends: bytes, and pauses in milliseconds.
    enum Sent {
        case bytes([UInt8])
        case pause(Int32)
    }

    /// The keys `sent` reads as, until the input ends.
    static func keys(_ sent: [Sent]) -> [TerminalKeys.Key] {
        // One byte at a time, as `read(2)` of one byte gives them; read on this thread alone.
        final class Line {
            var items: [Sent]
            init(_ sent: [Sent]) {
                items = sent.flatMap { item -> [Sent] in
                    guard case .bytes(let bytes) = item else { return [item] }
                    return bytes.map { Sent.bytes([$0]) }
                }
            }
        }
        let line = Line(sent)
        let reader = TerminalKeys.Reader { within in
            while let first = line.items.first {
                switch first {
                case .pause(let wait) where within >= 0 && wait > within:
                    line.items[0] = .pause(wait - within)
                    return nil
                case .pause:
                    line.items.removeFirst()
                case .bytes(let bytes):
                    line.items.removeFirst()
                    return .some(bytes[0])
                }
            }
            return .some(nil)
        }
        var keys: [TerminalKeys.Key] = []
        while keys.count < 50 {
            let key = reader.next(within: 1_000)
            if key == .end { break }
            keys.append(key)
        }
        return keys
    }

    @Test func arrowsInEitherFormAndTheControlKeysMoveEnterChooses() {
        #expect(
            Self.keys([.bytes([0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x42, 0x0E, 0x10, 0x0D, 0x0A])])
                == [.up, .down, .down, .up, .enter, .enter])
    }

    @Test func escAloneIsEscapeAndASlowRemoteArrowIsStillAnArrow() {
        #expect(Self.keys([.bytes([0x1B]), .pause(200), .bytes([0x61])]) == [.escape, .character("a")])
        #expect(Self.keys([.bytes([0x1B]), .pause(60), .bytes([0x5B]), .pause(60), .bytes([0x42])]) == [.down])
    }

    @Test func aLongerSequenceIsPassedOverWhole() {
        #expect(Self.keys([.bytes([0x1B, 0x5B, 0x35, 0x7E, 0x78])]) == [.other, .character("x")])
    }

    @Test func backspaceCtrlCAndTyping() {
        #expect(
            Self.keys([.bytes([0x7F, 0x08, 0x03, 0x61])]) == [.backspace, .backspace, .interrupt, .character("a")])
    }

    @Test func utf8IsOneCharacterEvenSplitAndNothingWhenItIsNotUTF8() {
        #expect(Self.keys([.bytes([0xC3]), .pause(60), .bytes([0xA9])]) == [.character("é")])
        #expect(Self.keys([.bytes([0xF0, 0x9F, 0x9A, 0x80])]) == [.character("🚀")])
        #expect(Self.keys([.bytes([0xA9, 0xFF, 0x01])]) == [.other, .other, .other])
        #expect(Self.keys([.bytes([0xC3, 0x41])]) == [.other])
    }

    @Test func nothingTypedInTimeIsATimeout() {
        let reader = TerminalKeys.Reader { _ in nil }
        #expect(reader.next(within: 10) == .timeout)
    }
}
