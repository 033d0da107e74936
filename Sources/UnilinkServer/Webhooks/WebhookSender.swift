import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import UnilinkCore
import UnilinkStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One attempt to deliver a message: the host is resolved now and every address it gives
/// is judged by `WebhookDestination` (a name that pointed outside at creation and inside
/// now, DNS rebinding, is refused), then the connection goes to the address that was
/// judged, never to a second resolution. No redirect is followed, the answer's body is read
/// up to `responseBytes`, and the whole attempt ends at `timeout`.
final class WebhookSender: Sendable {
    struct Outcome: Sendable {
        var status: Int?
        var error: String?
        var response: String?
        var milliseconds: Int
        var succeeded: Bool { status.map { (200..<300).contains($0) } ?? false }
    }

    let destination: WebhookDestination
    let timeout: Duration
    static let responseBytes = 1024
    static let keptResponse = 256
    static let userAgent = "Unilink-Webhooks/1"
    /// How long a resolution is used before the host is resolved again.
    static let resolutionLifetime: TimeInterval = 30
    static let maxClients = 256

    private struct Resolution { var addresses: [String]; var at: Date }
    private let resolutions = Mutex<[String: Resolution]>([:])
    /// One client per host and the address it was judged to have: its connections are kept
    /// alive between deliveries, and go to that address whatever DNS says meanwhile.
    private let clients = Mutex<[String: HTTPClient]>([:])

    /// How a host name becomes addresses: the system's resolver, or a test's.
    private let resolver: @Sendable (String) async throws -> [String]

    init(destination: WebhookDestination, timeout: Duration = .seconds(10), resolve: (@Sendable (String) async throws -> [String])? = nil) {
        self.destination = destination
        self.timeout = timeout
        resolver = resolve ?? { host in try await NIOThreadPool.singleton.runIfActive { WebhookSender.systemAddresses(of: host) } }
    }

    func send(_ message: WebhookMessage, to subscription: WebhookSubscription, at now: Date) async -> Outcome {
        let start = ContinuousClock.now
        func elapsed() -> Int {
            let duration = ContinuousClock.now - start
            return Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        }
        do {
            let (status, body) = try await withTimeout { try await self.post(message, to: subscription, at: now) }
            var outcome = Outcome(status: status, error: nil, response: body, milliseconds: elapsed())
            if (300..<400).contains(status) {
                outcome.error = "the receiver answered with a redirect (HTTP \(status)); redirects are not followed"
            } else if !outcome.succeeded {
                outcome.error = "the receiver answered HTTP \(status)"
            }
            return outcome
        } catch let refusal as Refusal {
            return Outcome(status: nil, error: refusal.reason, response: nil, milliseconds: elapsed())
        } catch is TimedOut {
            return Outcome(status: nil, error: "no answer within \(timeout.components.seconds) s", response: nil, milliseconds: elapsed())
        } catch {
            return Outcome(status: nil, error: "could not deliver: \(String(describing: error).prefix(200))", response: nil, milliseconds: elapsed())
        }
    }

    func shutdown() async {
        let all = clients.withLock { clients in
            defer { clients.removeAll() }
            return Array(clients.values)
        }
        for client in all { try? await client.shutdown() }
    }

    private var amount: TimeAmount {
        .nanoseconds(timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
    }

    private struct Refusal: Error { var reason: String }
    private struct TimedOut: Error {}

    private func post(_ message: WebhookMessage, to subscription: WebhookSubscription, at now: Date) async throws -> (Int, String) {
        if let problem = destination.problem(withURL: subscription.url) { throw Refusal(reason: problem) }
        guard let url = URLComponents(string: subscription.url), let rawHost = url.host else { throw Refusal(reason: "the URL does not parse") }
        let host = rawHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        let address = try await judgedAddress(of: host)
        let timestamp = Int64(now.timeIntervalSince1970)
        let keys = subscription.secrets(at: now).compactMap(WebhookSigner.key(of:))
        var request = HTTPClientRequest(url: subscription.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        request.headers.add(name: "webhook-id", value: message.id)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(
            name: "webhook-signature", value: WebhookSigner.signature(id: message.id, timestamp: timestamp, body: message.body, keys: keys))
        request.body = .bytes(ByteBuffer(bytes: message.body))
        let response = try await client(host: host, address: address).execute(request, timeout: amount)
        var collected = ByteBuffer()
        for try await chunk in response.body {
            collected.writeImmutableBuffer(
                chunk.getSlice(at: chunk.readerIndex, length: min(chunk.readableBytes, Self.responseBytes - collected.readableBytes))!)
            if collected.readableBytes >= Self.responseBytes { break }
        }
        let text = String(decoding: collected.readableBytesView.prefix(Self.keptResponse), as: UTF8.self)
        return (Int(response.status.code), text)
    }

    /// The address to connect to, every address the host has judged first.
    private func judgedAddress(of host: String) async throws -> String {
        let addresses: [String]
        if AddressRange.bytes(of: host) != nil {
            addresses = [host]
        } else {
            addresses = try await resolve(host)
        }
        guard !addresses.isEmpty else { throw Refusal(reason: "'\(host)' does not resolve") }
        for address in addresses {
            if let refusal = destination.refusal(ofAddress: address) { throw Refusal(reason: refusal) }
        }
        // One address is connected to (the one judged): an IPv4 one where there is one, as
        // a server without an IPv6 route still reaches it.
        return addresses.first { !$0.contains(":") } ?? addresses[0]
    }

    private func resolve(_ host: String) async throws -> [String] {
        let now = Date.now
        if let known = resolutions.withLock({ $0[host] }), now.timeIntervalSince(known.at) < Self.resolutionLifetime { return known.addresses }
        let addresses = try await resolver(host)
        resolutions.withLock { resolutions in
            if resolutions.count >= 1024 { resolutions.removeAll() }
            resolutions[host] = Resolution(addresses: addresses, at: now)
        }
        return addresses
    }

    private static func systemAddresses(of host: String) -> [String] {
        var hints = addrinfo()
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let raw = current.pointee.ai_addr.map(UnsafeRawPointer.init) {
                let address: SocketAddress? =
                    switch Int32(current.pointee.ai_family) {
                    case AF_INET: SocketAddress(raw.assumingMemoryBound(to: sockaddr_in.self).pointee, host: host)
                    case AF_INET6: SocketAddress(raw.assumingMemoryBound(to: sockaddr_in6.self).pointee, host: host)
                    default: nil
                    }
                if let ip = address?.ipAddress, !addresses.contains(ip) { addresses.append(ip) }
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }

    private func client(host: String, address: String) -> HTTPClient {
        let key = host + "|" + address
        return clients.withLock { clients in
            if let client = clients[key] { return client }
            if clients.count >= Self.maxClients, let (oldKey, old) = clients.first {
                clients[oldKey] = nil
                Task { try? await old.shutdown() }
            }
            var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: amount))
            configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 32)
            if host != address { configuration.dnsOverride = [host: address] }
            configuration.decompression = .disabled
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[key] = client
            return client
        }
    }

    private func withTimeout<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask { [timeout] in
                try await Task.sleep(for: timeout)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}
