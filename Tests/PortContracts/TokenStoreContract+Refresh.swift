import Domain
import Ports
import Testing

extension Contract where Subject == any TokenStore {
    static var refreshCases: [TokenStoreContract] {
        [
            TokenStoreContract("refresh of the stored token calls the server once and stores the result") {
                store async throws in
                try await store.setTokens(SampleTokens.first)
                let calls = CallRecorder<String>()
                let fresh = try await store.refreshTokens(replacing: SampleTokens.first.accessToken) { refreshToken in
                    calls.record(refreshToken)
                    return SampleTokens.second
                }
                #expect(fresh == SampleTokens.second)
                #expect(calls.calls == [SampleTokens.first.refreshToken])
                #expect(try await store.tokens() == SampleTokens.second)
            },
            TokenStoreContract("a token someone else already replaced is returned without a refresh") {
                store async throws in
                try await store.setTokens(SampleTokens.second)
                let calls = CallRecorder<String>()
                let fresh = try await store.refreshTokens(replacing: SampleTokens.first.accessToken) { refreshToken in
                    calls.record(refreshToken)
                    return SampleTokens.other
                }
                #expect(fresh == SampleTokens.second)
                #expect(calls.count == 0)
            },
            TokenStoreContract("refresh while signed out fails unauthorized without a call") { store async throws in
                let calls = CallRecorder<String>()
                await #expect(throws: TokenRefreshError.api(.unauthorized(.notSignedIn))) {
                    try await store.refreshTokens(replacing: "anything") { refreshToken in
                        calls.record(refreshToken)
                        return SampleTokens.second
                    }
                }
                #expect(calls.count == 0)
            },
            TokenStoreContract("a refused refresh signs out") { store async throws in
                try await store.setTokens(SampleTokens.first)
                await #expect(throws: TokenRefreshError.api(.unauthorized)) {
                    try await store.refreshTokens(replacing: SampleTokens.first.accessToken) { _ throws(APIError) in
                        throw .unauthorized
                    }
                }
                #expect(try await store.tokens() == nil)
            },
            TokenStoreContract("a refresh that cannot reach the server keeps the tokens") { store async throws in
                try await store.setTokens(SampleTokens.first)
                for failure in [APIError.unreachable, .failedRequest, .invalidResponse, .cancelled] {
                    await #expect(throws: TokenRefreshError.api(failure)) {
                        try await store.refreshTokens(replacing: SampleTokens.first.accessToken) { _ throws(APIError) in
                            throw failure
                        }
                    }
                }
                #expect(try await store.tokens() == SampleTokens.first)
            },
            TokenStoreContract("200 concurrent refreshes of one stale token make one call") { store async throws in
                try await store.setTokens(SampleTokens.first)
                let calls = CallRecorder<String>()
                let results = try await withThrowingTaskGroup(of: TokenPair.self) { group in
                    for _ in 0..<200 {
                        group.addTask {
                            try await store.refreshTokens(replacing: SampleTokens.first.accessToken) { refreshToken in
                                calls.record(refreshToken)
                                try? await Task.sleep(for: .milliseconds(20))
                                return SampleTokens.second
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(calls.count == 1)
                #expect(results.count == 200)
                #expect(results.allSatisfy { $0 == SampleTokens.second })
                #expect(try await store.tokens() == SampleTokens.second)
            },
        ]
    }
}
