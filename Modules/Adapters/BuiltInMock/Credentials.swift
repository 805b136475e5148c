import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the credentials of an `Authorization` header.
enum Credentials {
    /// The token of `Bearer <token>`.
    static func bearer(_ header: String?) -> String? {
        parameter(of: header, scheme: "bearer")
    }

    /// The e-mail and password of `Basic base64(email:password)`.
    static func basic(_ header: String?) -> (email: String, password: String)? {
        guard let encoded = parameter(of: header, scheme: "basic"), let data = Data(base64Encoded: encoded),
            let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    private static func parameter(of header: String?, scheme: String) -> String? {
        guard let header, let space = header.firstIndex(of: " "), header[..<space].lowercased() == scheme else {
            return nil
        }
        let value = String(header[header.index(after: space)...].trimmingWhitespace())
        return value.isEmpty ? nil : value
    }
}
