public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// How the SDK talks HTTP; injectable so tests can fail calls on purpose.
public protocol UnilinkTransport: Sendable {
    /// POSTs JSON and returns the status code and body.
    func post(_ url: URL, headers: [String: String], body: Data) async throws -> (status: Int, body: Data)
}

/// `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: UnilinkTransport {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func post(_ url: URL, headers: [String: String], body: Data) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: url, timeoutInterval: 15)
        request.httpMethod = "POST"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}

/// An answer the server gave that is not a result (4xx/5xx), with its error body.
public struct UnilinkServerError: Error, Sendable, Equatable {
    public var status: Int
    public var code: String?
    public var message: String?

    /// Worth another attempt: the server or a proxy was briefly unwell, or asked to wait.
    var isTransient: Bool { status >= 500 || status == 429 || status == 408 }
}
