import Subprocesses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keys read one at a time from the terminal on standard input, for the up-next question and
/// the picker: the terminal's line editing and echo are off meanwhile, and its modes are put
/// back as they were on every end, a signal's included (see ``TerminalModes``).
enum TerminalKeys {
    /// A key as the picker and the question understand it.
    enum Key: Equatable {
        case enter, escape, up, down, backspace, interrupt, other
        case character(Character)
        /// Nothing was typed in time.
        case timeout
        /// Input ended (the terminal closed).
        case end
    }

    /// How long the rest of a key may take to follow its first byte (an arrow's `[A` after
    /// its Esc, a character's other UTF-8 bytes): vim's `ttimeoutlen`, long enough for a
    /// remote terminal, short enough that Esc alone feels at once.
    static let restOfAKey: Int32 = 100

    /// Runs `body` with the terminal's input read key by key; `signalKeys` lets Ctrl-C arrive
    /// as ``Key/interrupt`` instead of a signal, for a picker that cleans its lines up first.
    /// `nil` when standard input is not a terminal of this process's foreground, or its
    /// modes cannot be set: then nothing can be asked.
    static func reading<T>(signalKeys: Bool = false, _ body: (Reader) -> T) -> T? {
        guard isatty(STDIN_FILENO) == 1, isInTheForeground() else { return nil }
        return TerminalModes.changed(by: { raw in
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
            if signalKeys { raw.c_lflag &= ~tcflag_t(ISIG) }
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
        }) { body(Reader(source: standardInput)) }
    }

    /// Reads the keys from a source of bytes.
    struct Reader {
        /// The next byte within the milliseconds given (−1: wait), `nil` when none came in
        /// time, `.some(nil)` at the end of input.
        let source: (Int32) -> UInt8??

        /// The next key, or ``Key/timeout`` when none came within `milliseconds` (−1: wait).
        func next(within milliseconds: Int32 = -1) -> Key {
            guard let byte = source(milliseconds) else { return .timeout }
            switch byte {
            case nil: return .end
            case 0x0D, 0x0A: return .enter
            case 0x03: return .interrupt
            case 0x0E: return .down  // Ctrl-N
            case 0x10: return .up  // Ctrl-P
            case 0x7F, 0x08: return .backspace
            case 0x1B: return escapeSequence()
            case let byte?: return character(startingWith: byte)
            }
        }

        /// Esc alone, or the arrow its sequence names (`ESC [ A`, `ESC O B`…): a lone Esc has
        /// nothing after it within ``TerminalKeys/restOfAKey``.
        private func escapeSequence() -> Key {
            guard case let introducer?? = source(restOfAKey), introducer == 0x5B || introducer == 0x4F else {
                return .escape
            }
            guard case let final?? = source(restOfAKey) else { return .other }
            switch final {
            case 0x41: return .up
            case 0x42: return .down
            default:
                // A longer sequence (Page Up is ESC [ 5 ~): read to its end, and ignore it.
                var last = final
                while !(0x40...0x7E).contains(last), case let more?? = source(restOfAKey) { last = more }
                return .other
            }
        }

        /// The character whose UTF-8 begins with `first`; a control, or bytes that are not
        /// UTF-8, is no character.
        private func character(startingWith first: UInt8) -> Key {
            let length =
                switch first {
                case 0xF8...: 0
                case 0xF0...: 4
                case 0xE0...: 3
                case 0xC0...: 2
                case 0x80...: 0  // a continuation byte cannot begin a character
                default: 1
                }
            guard length > 0, first >= 0x20 else { return .other }
            var bytes = [first]
            while bytes.count < length, case let byte?? = source(restOfAKey) { bytes.append(byte) }
            guard let text = String(validating: bytes, as: UTF8.self), text.count == 1, let character = text.first
            else { return .other }
            return .character(character)
        }
    }

    /// One byte of standard input within `milliseconds` (see ``Reader/source``).
    private static func standardInput(within milliseconds: Int32) -> UInt8?? {
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return ready == 0 ? nil : .some(nil) }
            var byte: UInt8 = 0
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            return count == 1 ? .some(byte) : .some(nil)
        }
    }
}
