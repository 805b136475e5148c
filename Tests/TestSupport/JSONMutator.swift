import Foundation

/// Breaks JSON documents in the ways a hostile or broken server would: truncation,
/// swapped types, huge numbers, deep nesting, invalid UTF-8, flipped bytes.
public struct JSONMutator {
    private var random: SeededGenerator

    /// Creates a mutator whose choices follow `seed`.
    public init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// One random mutation of `document`.
    public mutating func mutate(_ document: Data) -> Data {
        var bytes = [UInt8](document)
        switch Int.random(in: 0..<8, using: &random) {
        case 0: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        case 1: bytes = swapType(bytes)
        case 2:
            bytes = replaceNumber(
                bytes, with: ["1e400", "-1e400", "99999999999999999999999999999", "-0", "1.5", "NaN"])
        case 3: bytes = nest(bytes, depth: Int.random(in: 1...20_000, using: &random))
        case 4:
            bytes.insert(
                contentsOf: [[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]]
                    .randomElement(using: &random)!, at: Int.random(in: 0...bytes.count, using: &random))
        case 5:
            for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        case 6: bytes = replace(bytes, #"""#, with: ["null", "[]", "{}", "true", "0"])
        default: bytes = replace(bytes, ":", with: [":null,\"x\":", ": {\"deep\": [", ":\u{0}"])
        }
        return Data(bytes)
    }

    /// A string value becomes a number, a number a string, an array an object, …
    private mutating func swapType(_ bytes: [UInt8]) -> [UInt8] {
        replace(
            bytes, ":", with: [": 12 ,\"k\":", ": \"text\",\"k\":", ": [] ,\"k\":", ": {} ,\"k\":", ": false,\"k\":"])
    }

    private mutating func replaceNumber(_ bytes: [UInt8], with candidates: [String]) -> [UInt8] {
        guard let index = bytes.indices.filter({ (0x30...0x39).contains(bytes[$0]) }).randomElement(using: &random)
        else {
            return bytes
        }
        var result = bytes
        result.replaceSubrange(index...index, with: Array(candidates.randomElement(using: &random)!.utf8))
        return result
    }

    private func nest(_ bytes: [UInt8], depth: Int) -> [UInt8] {
        Array(repeating: UInt8(ascii: "["), count: depth) + bytes + Array(repeating: UInt8(ascii: "]"), count: depth)
    }

    /// Replaces one occurrence of `marker` with one of `candidates`.
    private mutating func replace(_ bytes: [UInt8], _ marker: String, with candidates: [String]) -> [UInt8] {
        let needle = UInt8(ascii: marker.unicodeScalars.first!)
        guard let index = bytes.indices.filter({ bytes[$0] == needle }).randomElement(using: &random) else {
            return bytes
        }
        var result = bytes
        result.replaceSubrange(index...index, with: Array(candidates.randomElement(using: &random)!.utf8))
        return result
    }
}
