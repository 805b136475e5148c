import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a credentials file lays out its keys and values.
public enum CredentialsFormat: Sendable, Equatable {
    /// This release: `{"version": 1, "values": {"<origin>#accessToken": "…", …}}`, pretty-printed, keys sorted.
    case json
    /// The earlier release's `~/.cocoacasts/credentials`: `key=value` lines (`#` starts a
    /// comment) with `access_token`, `refresh_token` and an optional `base_url`; without a
    /// base URL the tokens belong to `defaultBaseURL`, the only server that release knew.
    /// Read for migration; written only to remove it.
    case legacy(defaultBaseURL: URL)

    /// The series' API, where the earlier release's tokens came from.
    public static let legacySeriesBaseURL = URL(string: "https://cocoacasts-mock-api.herokuapp.com/api/v1")!

    private struct Document: Codable {
        let version: Int
        let values: [String: String]
    }

    /// How the error for a JSON file that does not parse describes it.
    public enum Words: Sendable, Equatable {
        /// "not a credentials document", as the token file's messages have always said.
        case credentials
        /// What is wrong in it, precisely: empty, not JSON (and where), or which field is not
        /// what the layout asks — for files a person edits, such as the config file.
        case precise
    }

    /// The values in `data`; `detail` of the thrown error says what is wrong in `words`, never
    /// what is stored.
    func decode(_ data: Data, path: String, words: Words = .credentials) throws(StoreError) -> [String: String] {
        switch self {
        case .json:
            let document: Document
            do {
                document = try JSONDecoder().decode(Document.self, from: data)
            } catch {
                throw .corrupt(
                    path: path,
                    detail: words == .credentials
                        ? "not a credentials document" : Self.whatIsWrong(in: data, at: path, error))
            }
            guard document.version == 1 else {
                throw .corrupt(path: path, detail: "version \(document.version) is from a newer release")
            }
            return document.values
        case .legacy(let defaultBaseURL):
            return try Self.decodeLegacy(data, path: path, defaultBaseURL: defaultBaseURL)
        }
    }

    /// What is wrong in `data`, which the layout's decoder refused with `error`: in the
    /// decoder's own terms, naming the field and never its value.
    private static func whatIsWrong(in data: Data, at path: String, _ error: any Error) -> String {
        let layout = #"{"version": 1, "values": {"key": "text", …}}"#
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return "it is empty; expected \(layout)" }
        guard let error = error as? DecodingError else { return "it is not \(layout)" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // The decoder does not say where; a second reader does.
            return "it is not JSON; `python3 -m json.tool \(path)` shows where"

        case .keyNotFound(let key, _):
            return "it has no \"\(key.stringValue)\"; expected \(layout)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue)
            switch path.first {
            case nil: return "it is not a JSON object; expected \(layout)"
            case "version": return "\"version\" is not a whole number; expected 1"
            case "values" where path.count == 1: return "\"values\" is not an object of text values"
            default: return "the value of \"\(path.dropFirst().joined(separator: "."))\" is not text (in quotes)"
            }
        @unknown default:
            return "it is not \(layout)"
        }
    }

    /// The file's bytes for `values`, or `nil` when the file should be removed instead.
    func encode(_ values: [String: String], path: String) throws(StoreError) -> Data? {
        switch self {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            // A document of strings always encodes.
            return (try? encoder.encode(Document(version: 1, values: values))) ?? Data()
        case .legacy:
            guard values.isEmpty else {
                throw .io(path: path, detail: "the earlier release's file is only read and removed, never written")
            }
            return nil
        }
    }

    private static func decodeLegacy(_ data: Data, path: String, defaultBaseURL: URL) throws(StoreError)
        -> [String: String]
    {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .corrupt(path: path, detail: "not UTF-8 text")
        }
        var fields: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw .corrupt(path: path, detail: "a line without '='")
            }
            let key = String(trimmed[..<equals].trimmingWhitespace())
            fields[key] = String(trimmed[trimmed.index(after: equals)...].trimmingWhitespace())
        }
        guard let access = fields["access_token"], let refresh = fields["refresh_token"] else { return [:] }
        let baseURL = fields["base_url"].map { URL(string: $0) } ?? defaultBaseURL
        guard let baseURL, let origin = Origin(baseURL) else {
            throw .corrupt(path: path, detail: "base_url is not an http(s) URL")
        }
        return ["\(origin)#accessToken": access, "\(origin)#refreshToken": refresh]
    }
}
