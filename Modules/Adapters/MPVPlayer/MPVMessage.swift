#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One line mpv sends over its JSON IPC: an event (`{"event": "end-file", "reason": "eof"}`)
/// or a reply to a command (`{"request_id": 2, "error": "success", "data": 12.5}`). Only
/// the fields this adapter reads are decoded.
struct MPVMessage: Decodable, Equatable {
    /// A property's value, or a reply's data, as far as this adapter cares.
    enum Value: Decodable, Equatable {
        case number(Double)
        case flag(Bool)
        /// A string, an object, an array or null: nothing this adapter reads.
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            // JSON has one value here; each `try?` asks whether it is of that type.
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else {
                self = .other
            }
        }
    }

    var event: String?
    /// `end-file`'s reason: `eof`, `stop`, `quit`, `error`, `redirect`, `unknown`.
    var reason: String?
    /// `end-file`'s words for an error ("loading failed").
    var fileError: String?
    var requestID: Int?
    /// A reply's outcome: `success`, or mpv's words ("property unavailable").
    var error: String?
    /// A changed property's name (`property-change`).
    var name: String?
    var data: Value?
    /// A log message's level (`error`, `fatal`) and text (`log-message`).
    var level: String?
    var text: String?

    enum CodingKeys: String, CodingKey {
        case event, reason, error, name, data, level, text
        case fileError = "file_error"
        case requestID = "request_id"
    }
}

/// The lines this adapter sends to mpv.
enum MPVCommand {
    /// The request ID of the position queries.
    static let positionRequest = 2
    /// The request ID of `loadfile`.
    static let loadRequest = 3

    /// The commands sent once connected, before anything plays: mpv's errors as log
    /// messages (the cause behind "loading failed"), `eof-reached` watched (a user's
    /// `keep-open` pauses at the end instead of ending the file), then the URL — given over
    /// the socket, not the command line, so that the load cannot happen before this
    /// adapter listens, and `ps` shows no URL.
    static func start(_ url: URL) -> [String] {
        [
            #"{"command":["request_log_messages","error"]}"#,
            #"{"command":["observe_property",1,"eof-reached"]}"#,
            #"{"command":["loadfile",\#(jsonString(url.absoluteString))],"request_id":\#(loadRequest)}"#,
        ]
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": literal += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// Where playback is, in seconds (answered with ``positionRequest``).
    static let position = #"{"command":["get_property","time-pos"],"request_id":\#(positionRequest)}"#
    /// Ends mpv (its `quit` command; the user's own `q`).
    static let quit = #"{"command":["quit"]}"#
}
