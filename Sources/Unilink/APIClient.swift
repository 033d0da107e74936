import Foundation
import UnilinkAPI

/// The three SDK calls of API.md, with retries on transient failures.
struct APIClient: Sendable {
    let configuration: UnilinkConfiguration
    let transport: any UnilinkTransport

    func resolve(_ url: URL, appVersion: String?) async throws -> DeepLinkResultBody {
        try await call(APIPath.sdkResolve, ResolveRequest(url: url.absoluteString, appVersion: appVersion, os: .ios))
    }

    func deferred(_ request: DeferredRequest) async throws -> DeepLinkResultBody {
        try await call(APIPath.sdkDeferred, request)
    }

    func event(_ request: EventRequest) async throws {
        let _: Empty = try await call(APIPath.sdkEvents, request)
    }

    private struct Empty: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    private func call<Body: Encodable, Answer: Decodable>(_ path: String, _ body: Body) async throws -> Answer {
        let url = configuration.apiBaseURL.appendingPathComponent(String(path.dropFirst()))
        let data = try JSONEncoder().encode(body)
        let headers = ["Content-Type": "application/json", "X-Unilink-Key": configuration.publishableKey]
        var delay = configuration.retryDelay
        var attempt = 1
        while true {
            do {
                let (status, answer) = try await transport.post(url, headers: headers, body: data)
                guard (200..<300).contains(status) else {
                    let error = (try? JSONDecoder().decode(ErrorBody.self, from: answer))?.error
                    throw UnilinkServerError(status: status, code: error?.code, message: error?.message)
                }
                if Answer.self == Empty.self, answer.isEmpty { return try JSONDecoder().decode(Answer.self, from: Data("{}".utf8)) }
                return try JSONDecoder().decode(Answer.self, from: answer)
            } catch {
                guard attempt < configuration.maxAttempts, Self.isTransient(error) else { throw error }
                try await Task.sleep(nanoseconds: UInt64(max(0, delay) * 1_000_000_000))
                delay *= 2
                attempt += 1
            }
        }
    }

    static func isTransient(_ error: any Error) -> Bool {
        if let error = error as? UnilinkServerError { return error.isTransient }
        if error is DecodingError || error is CancellationError { return false }
        return error is URLError || (error as NSError).domain == NSURLErrorDomain
    }
}
