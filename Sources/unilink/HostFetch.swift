import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// Requests to a live host the way Apple's and Google's fetchers make them: no redirect
/// followed (they follow none), a bounded body. `connectTo` reaches another address than
/// the host's DNS gives, TLS and `Host` still for the host (a server before its DNS points
/// at it); `trustedRoots` replaces the system's roots (a staging CA).
struct HostFetch {
    struct Answer {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
    }

    var connectTo: String?
    var trustedRoots: String?

    /// `limit`: the most of the answer's body read (association files are small: Apple
    /// ignores any over 128 KB).
    func send(_ url: URL, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: Data? = nil, limit: Int = 1 << 20) async throws -> Answer
    {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(30)))
        if let trustedRoots {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .file(trustedRoots)
            configuration.tlsConfiguration = tls
        }
        if let connectTo, let host = url.host { configuration.dnsOverride = [host: connectTo] }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = method
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let response = try await client.execute(request, timeout: .seconds(60))
            let bytes = try await response.body.collect(upTo: limit)
            try await client.shutdown()
            return Answer(status: Int(response.status.code), headers: response.headers, body: Data(bytes.readableBytesView))
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
