import Domain
import Foundation
import Ports

/// The series' `APIPreviewClient`: an ``/Ports/APIService`` that answers every call with the
/// bundled fixtures, for previews and tests.
///
/// Every fixture is loaded when the client is created, so a fixture missing from the
/// bundle, or broken, is a clear ``PreviewFixtureError`` there rather than a crash later.
/// (The resource bundle itself must be beside the binary, as `swift run` and
/// `swift test` leave it: SwiftPM's `Bundle.module` stops the process without it.)
public struct APIPreviewClient: APIService {
    /// The fixture data the client answers with.
    public let content: PreviewContent

    /// Loads the fixtures from the Stubs module's resources.
    public init() throws(PreviewFixtureError) {
        try self.init(bundle: .module)
    }

    /// Loads the fixtures from `bundle`.
    public init(bundle: Bundle) throws(PreviewFixtureError) {
        content = try PreviewContent(bundle: bundle)
    }

    /// The fixture token pair, whatever the credentials.
    public func requestTokens(email: String, password: String) async throws(APIError) -> TokenPair {
        content.tokens
    }

    /// The fixture episodes.
    public func episodes() async throws(APIError) -> [Episode] {
        content.episodes
    }

    /// The fixture video, whatever the id.
    public func video(id: String) async throws(APIError) -> Video {
        content.video
    }

    /// The fixture progress.
    public func progressForVideo(id: String) async throws(APIError) -> VideoProgress {
        content.progress
    }

    /// The fixture answer to saving progress.
    public func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress {
        content.updatedProgress
    }

    /// Nothing to delete.
    public func deleteProgressForVideo(id: String) async throws(APIError) {}
}

/// Why the preview fixtures could not be loaded.
public enum PreviewFixtureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bundle has no resource of that name.
    case missingResource(String)
    /// The resource is not the JSON its endpoint returns.
    case invalidResource(String)

    /// What is wrong, naming the resource.
    public var description: String {
        switch self {
        case .missingResource(let name): "The preview fixture \(name) is missing from the resource bundle."
        case .invalidResource(let name): "The preview fixture \(name) does not decode."
        }
    }
}
