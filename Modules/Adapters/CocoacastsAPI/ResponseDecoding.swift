import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes a 2xx body into the endpoint's model; a body that does not decode is an
/// `invalidResponse` whose cause says what is wrong — where, never what the body held
/// (a sign-in body holds tokens).
enum ResponseDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(APIError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw .invalidResponse(.undecodable(describe(error)))
        } catch {
            throw .invalidResponse(.undecodable("it is not the JSON the endpoint returns"))
        }
    }

    /// `the field [3].videoDuration is missing`, `it is not valid JSON`, …
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "the field \(path(context.codingPath + [key])) is missing"
        case .valueNotFound(_, let context):
            "the field \(path(context.codingPath)) is null"
        case .typeMismatch(let type, let context) where context.codingPath.isEmpty:
            "it is not \(article(type)) but another kind of JSON value"
        case .typeMismatch(let type, let context):
            "the field \(path(context.codingPath)) is not \(article(type))"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            "it is not valid JSON"
        case .dataCorrupted(let context):
            "the field \(path(context.codingPath)) has a value that is not valid"
        @unknown default:
            "it is not the JSON the endpoint returns"
        }
    }

    /// `[3].videoDuration`: keys joined by dots, array positions in brackets.
    private static func path(_ keys: [any CodingKey]) -> String {
        let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }.joined()
        guard !text.isEmpty else { return "(the whole answer)" }
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    private static func article(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Double.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case _ where String(describing: type).hasPrefix("Array"): "a list"
        default: "an object"
        }
    }
}
