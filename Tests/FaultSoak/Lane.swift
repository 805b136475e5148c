import CocoacastsAPI
import Domain

/// One route of the soak: how to call it, and what each fault may end in.
struct Lane: Sendable {
    let route: String
    let isIdempotent: Bool
    /// DELETE answers 204 and its body is never read, so a broken or stalled body cannot hurt it.
    var readsBody = true
    let call: @Sendable (APIClient) async throws(APIError) -> Void

    static let videoID = "632759499"

    static let all: [Lane] = [
        Lane(route: "GET /api/v1/episodes", isIdempotent: true) { client throws(APIError) in
            _ = try await client.episodes()
        },
        Lane(route: "GET /api/v1/videos/{id}", isIdempotent: true) { client throws(APIError) in
            _ = try await client.video(id: videoID)
        },
        Lane(route: "GET /api/v1/videos/{id}/progress", isIdempotent: true) { client throws(APIError) in
            _ = try await client.progressForVideo(id: videoID)
        },
        Lane(route: "POST /api/v1/videos/{id}/progress", isIdempotent: false) { client throws(APIError) in
            _ = try await client.updateProgressForVideo(id: videoID, cursor: 42)
        },
        Lane(route: "DELETE /api/v1/videos/{id}/progress", isIdempotent: true, readsBody: false) {
            client throws(APIError) in
            try await client.deleteProgressForVideo(id: videoID)
        },
    ]

    /// The outcomes that are right for `fault` on this lane ("value" or an APIError's name).
    func expected(for fault: Fault) -> Set<String> {
        switch fault {
        case .none, .latency: ["value"]
        case .status500, .unavailableRetryLater: ["failedRequest"]
        case .unavailableRetryNow: isIdempotent ? ["value"] : ["failedRequest"]
        // libcurl itself may send a request again when a reused connection dies before answering.
        case .drop: isIdempotent ? ["value"] : ["value", "unreachable"]
        case .stall: readsBody ? ["unreachable"] : ["value"]
        case .malformed: readsBody ? ["invalidResponse"] : ["value"]
        case .redirect: ["failedRequest"]
        }
    }
}

/// The faults the soak draws from.
enum Fault: String, CaseIterable, Sendable {
    case none, latency, status500, unavailableRetryNow, unavailableRetryLater, drop, stall, malformed, redirect

    /// The body of `POST /__admin/faults` for `route`, or `nil` for no fault.
    func injection(route: String) -> String? {
        let kind: String
        switch self {
        case .none: return nil
        case .latency: kind = #""kind": "latency", "seconds": 0.05"#
        case .status500: kind = #""kind": "status", "status": 500"#
        case .unavailableRetryNow: kind = #""kind": "status", "status": 503, "retryAfter": 0"#
        case .unavailableRetryLater: kind = #""kind": "status", "status": 503, "retryAfter": 30"#
        case .drop: kind = #""kind": "drop""#
        case .stall: kind = #""kind": "stall", "seconds": 5"#
        case .malformed: kind = #""kind": "malformed""#
        case .redirect: kind = #""kind": "redirect""#
        }
        return #"{"route": "\#(route)", "count": 1, \#(kind)}"#
    }
}
