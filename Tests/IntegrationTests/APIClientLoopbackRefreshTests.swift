import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Testing

@Suite("APIClient over loopback TCP: the coordinated refresh")
struct APIClientLoopbackRefreshTests {
    static let videoID = "632759499"

    @Test func twoHundredRequestsMeetingAnExpiredTokenRefreshOnce() async throws {
        try await MockAPIServer.with { server async throws in
            let (client, store) = try await LoopbackClient.signedIn(server)
            let before = try #require(try await store.tokens())
            try await server.admin.expireAccessTokens()
            let durations = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<200 { group.addTask { try await client.video(id: Self.videoID).duration } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(durations.count == 200 && durations.allSatisfy { $0 == 513 })
            #expect(try await server.admin.count(MockAPIRoute.refresh) == 1)
            // The stale token reached the server only from the requests already in flight
            // (each of which libcurl may send twice on a connection that died).
            #expect(try await server.admin.count(MockAPIRoute.video) <= 200 + 6 * 2)
            let after = try #require(try await store.tokens())
            #expect(after.accessToken != before.accessToken && after.refreshToken != before.refreshToken)
        }
    }

    @Test func aRefreshTokenIsNeverPresentedTwice() async throws {
        try await MockAPIServer.with { server async throws in
            let (client, store) = try await LoopbackClient.signedIn(server)
            for _ in 0..<5 {
                try await server.admin.expireAccessTokens()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<20 { group.addTask { _ = try await client.progressForVideo(id: Self.videoID) } }
                    try await group.waitForAll()
                }
            }
            // Five rotations, no reuse: had a used refresh token been presented, the server
            // would have revoked the sign-in and the next call would fail.
            #expect(try await server.admin.count(MockAPIRoute.refresh) == 5)
            #expect(try await client.video(id: Self.videoID).duration == 513)
            #expect(try await store.tokens() != nil)
        }
    }

    @Test func aRefusedRefreshSignsOutAndSaysUnauthorized() async throws {
        try await MockAPIServer.with { server async throws in
            let (client, store) = try await LoopbackClient.signedIn(server)
            try await server.admin.reset()  // the server forgets every token
            await #expect(throws: APIError.unauthorized(.sessionEnded)) { try await client.video(id: Self.videoID) }
            #expect(try await store.tokens() == nil)
        }
    }

    @Test func aRefreshThatCannotReachTheServerKeepsTheTokens() async throws {
        try await MockAPIServer.with { server async throws in
            let (client, store) = try await LoopbackClient.signedIn(server)
            try await server.admin.expireAccessTokens()
            try await server.admin.inject(.drop(route: MockAPIRoute.refresh))
            let error = await #expect(throws: APIError.self) { try await client.video(id: Self.videoID) }
            #expect(error?.kind == .unreachable)
            let kept = try #require(try await store.tokens())
            #expect(try await client.video(id: Self.videoID).duration == 513)
            #expect(try await store.tokens() != kept)
        }
    }
}
