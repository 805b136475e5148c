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

    /// The values in `data`; `detail` of the thrown error says what is wrong, never what is stored.
    func decode(_ data: Data, path: String) throws(StoreError) -> [String: String] {
        switch self {
        case .json:
            guard let document = try? JSONDecoder().decode(Document.self, from: data) else {
                throw .corrupt(path: path, detail: "not a credentials document")
            }
            guard document.version == 1 else {
                throw .corrupt(path: path, detail: "version \(document.version) is from a newer release")
            }
            return document.values
        case .legacy(let defaultBaseURL):
            return try Self.decodeLegacy(data, path: path, defaultBaseURL: defaultBaseURL)
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
