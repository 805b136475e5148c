import Foundation

extension MockAPIServer {
    /// The media of `videoID` as `Scripts/mock-api --media` serves it, at the root of the
    /// server's origin: `http://127.0.0.1:PORT/media/ID.wav`.
    public func mediaURL(videoID: String) -> URL {
        admin.origin.appendingPathComponent("media/\(videoID).wav")
    }
}

extension MockAPIRoute {
    /// `GET /media/{id}.wav` (with `--media`), as counters name it.
    public static let media = "GET /media/{id}"
    /// `HEAD /media/{id}.wav`.
    public static let mediaHead = "HEAD /media/{id}"
    /// The counter of media requests that carried `Authorization` or `X-API-TOKEN` (not a route).
    public static let mediaCredentials = "media-credentials"
}
