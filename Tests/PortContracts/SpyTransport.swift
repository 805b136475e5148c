import Domain
import Foundation
import Ports

/// An ``HTTPTransport`` that records every request and answers from a closure.
public final class SpyTransport: HTTPTransport {
    /// Produces the answer to one request; an error other than a ``TransportError`` (a
    /// fixture that could not be read) fails the request as `other`.
    public typealias Responder = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let responder: Responder
    private let recorder = CallRecorder<HTTPRequest>()

    /// Creates a transport answering with `responder`.
    public init(_ responder: @escaping Responder) {
        self.responder = responder
    }

    /// Creates a transport that answers every request with `status` and `body`.
    public convenience init(status: Int, body: Data = Data(), headers: HTTPHeaders = HTTPHeaders()) {
        self.init { _ in HTTPResponse(status: status, headers: headers, body: body) }
    }

    /// Every request sent, oldest first.
    public var requests: [HTTPRequest] { recorder.calls }

    /// Records the request, then answers; bodies over the limit fail as the contract says.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        recorder.record(request)
        let response: HTTPResponse
        do {
            response = try await responder(request)
        } catch let error as TransportError {
            throw error
        } catch is CancellationError {
            throw TransportError(.cancelled, "cancelled")
        } catch {
            throw TransportError(.other, "\(error)")
        }
        if response.body.count > request.maximumResponseSize {
            throw TransportError(.tooLarge, "the body passed \(request.maximumResponseSize) bytes")
        }
        return response
    }

    /// An answer with `status`, `body` and `headers`.
    public static func response(
        to request: HTTPRequest, status: Int, body: Data = Data(), headers: HTTPHeaders = [:]
    ) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: body)
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
