import Domain
import Foundation
import Ports

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An ``HTTPTransport`` that records every request and answers from a closure.
public final class SpyTransport: HTTPTransport {
    /// Produces the answer to one request.
    public typealias Responder = @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    private let responder: Responder
    private let recorder = CallRecorder<URLRequest>()

    /// Creates a transport answering with `responder`.
    public init(_ responder: @escaping Responder) {
        self.responder = responder
    }

    /// Creates a transport that answers every request with `status` and `body`.
    public convenience init(status: Int, body: Data = Data(), headers: [String: String] = [:]) {
        self.init { request in SpyTransport.response(to: request, status: status, body: body, headers: headers) }
    }

    /// Every request sent, oldest first.
    public var requests: [URLRequest] { recorder.calls }

    /// Records the request, then answers; bodies over the limit fail as the contract says.
    public func send(_ request: URLRequest, maximumResponseSize: Int) async throws -> (Data, HTTPURLResponse) {
        recorder.record(request)
        let (data, response) = try await responder(request)
        if data.count > maximumResponseSize { throw URLError(.dataLengthExceedsMaximum) }
        return (data, response)
    }

    /// A response to `request` with `status`, `body` and `headers`.
    public static func response(
        to request: URLRequest, status: Int, body: Data = Data(), headers: [String: String] = [:]
    ) -> (Data, HTTPURLResponse) {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        return (body, response)
    }
}

/// An ``AccessTokenProvider`` with a fixed token that counts how often it was read.
public final class SpyAccessTokenProvider: AccessTokenProvider {
    private let token: String?
    private let reads = CallRecorder<Void>()

    /// Creates a provider of `token`.
    public init(_ token: String?) {
        self.token = token
    }

    /// The fixed token.
    public var accessToken: String? {
        get async throws(StoreError) {
            reads.record(())
            return token
        }
    }

    /// How many times the token was read.
    public var readCount: Int { reads.count }
}
