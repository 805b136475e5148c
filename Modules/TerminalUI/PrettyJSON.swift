/// JSON written straight into one byte buffer, for output that may be megabytes: laid out
/// byte for byte as Foundation's `JSONEncoder` lays it out with `.prettyPrinted`,
/// `.sortedKeys` and `.withoutEscapingSlashes` (two-space indents, `"key" : value`, the
/// escapes it uses), and with every character a terminal could act on escaped as
/// ``TerminalText/jsonEscapingTerminalControls(_:)`` escapes it.
///
/// Members come in the order they are written: callers write them sorted (by their UTF-8
/// bytes, as `.sortedKeys` sorts them).
struct PrettyJSON {
    /// The JSON written so far.
    private(set) var bytes: [UInt8] = []
    /// Whether the container at each open depth has a first element yet.
    private var hasElements: [Bool] = []

    /// An empty document with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func beginArray() {
        beginValue()
        open(UInt8(ascii: "["))
    }

    mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    mutating func beginObject() {
        beginValue()
        open(UInt8(ascii: "{"))
    }

    mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    /// A member's key, `"key" : `; its value follows.
    mutating func key(_ key: String) {
        beginElement()
        appendString(key)
        bytes.append(contentsOf: " : ".utf8)
        isAfterKey = true
    }

    /// A string value: an element, or a member's value after ``key(_:)``.
    mutating func value(_ string: String) {
        beginValue()
        appendString(string)
    }

    /// An integer value.
    mutating func value(_ number: Int) {
        beginValue()
        bytes.append(contentsOf: String(number).utf8)
    }

    /// Whether a key was just written, so that the value follows it on its line.
    private var isAfterKey = false

    private mutating func beginValue() {
        if isAfterKey {
            isAfterKey = false
        } else if !hasElements.isEmpty {
            beginElement()
        }
    }

    /// The separator before an element: a comma after the one before, a line break, the indent.
    private mutating func beginElement() {
        if hasElements[hasElements.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasElements[hasElements.count - 1] = true
        bytes.append(UInt8(ascii: "\n"))
        indent(hasElements.count)
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        hasElements.append(false)
    }

    /// Foundation writes an empty container as its brackets around an empty line.
    private mutating func close(_ bracket: UInt8) {
        let hadElements = hasElements.removeLast()
        bytes.append(UInt8(ascii: "\n"))
        if !hadElements { bytes.append(UInt8(ascii: "\n")) }
        indent(hasElements.count)
        bytes.append(bracket)
    }

    private mutating func indent(_ depth: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { JSONStringEscaping.append($0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }
}
