import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Prometheus
import Synchronization
import UnilinkCore
import UnilinkStorage

/// What the controllers share, passed in (no globals). A class: every controller and
/// middleware holds it, and handlers copy those per request, so a copy is one reference
/// count instead of one per field.
final class ServerState: Sendable {
    let settings: ServerSettings
    let store: SQLStore
    let directory: HostDirectory
    let links: LinkCache
    let clicks: ClickQueue
    let previews: PreviewPageCache
    let boundPort: BoundPort
    let metrics: PrometheusCollectorRegistry
    let networkKeys: NetworkKeys
    let installedMarker: InstalledMarker
    let clickMetrics: ClickMetrics
    let rateLimits: RateLimits
    let rateLimiter: RateLimiter
    let changes: ChangeFeed
    let forwardingWarning = ForwardingWarning()

    init(
        settings: ServerSettings, store: SQLStore, directory: HostDirectory, links: LinkCache, clicks: ClickQueue,
        previews: PreviewPageCache, boundPort: BoundPort, metrics: PrometheusCollectorRegistry, networkKeys: NetworkKeys,
        installedMarker: InstalledMarker, clickMetrics: ClickMetrics, rateLimits: RateLimits, rateLimiter: RateLimiter, changes: ChangeFeed
    ) {
        self.settings = settings
        self.store = store
        self.directory = directory
        self.links = links
        self.clicks = clicks
        self.previews = previews
        self.boundPort = boundPort
        self.metrics = metrics
        self.networkKeys = networkKeys
        self.installedMarker = installedMarker
        self.clickMetrics = clickMetrics
        self.rateLimits = rateLimits
        self.rateLimiter = rateLimiter
        self.changes = changes
    }

    var addressing: HostAddressing { HostAddressing(localPort: boundPort.value) }

    /// The visitor's address: the socket peer, or a trusted proxy's forwarding headers.
    func clientAddress(_ request: Request, _ context: some VisitorContext) -> String? {
        if let resolved = context.clientAddress { return resolved }
        return clientAddress(request, peer: context.peerAddress, logger: context.logger)
    }

    func clientAddress(_ request: Request, peer: String?, logger: Logger) -> String? {
        let resolver = ClientAddress(trustedProxies: settings.trustedProxies, header: settings.forwardedHeader)
        let forwardedFor = request.headers[Self.xForwardedFor], forwarded = request.headers[Self.forwarded]
        if let peer, forwardedFor != nil || forwarded != nil, !resolver.isTrusted(peer) {
            forwardingWarning.warnOnce(peer: peer, logger: logger)
        }
        return resolver.resolve(peer: peer, forwardedFor: forwardedFor, forwarded: forwarded)
    }

    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwarded = HTTPField.Name("Forwarded")!
}

/// The port the server really listens on (differs from the setting when that is 0).
final class BoundPort: Sendable {
    private let port: Mutex<Int>

    init(_ port: Int) {
        self.port = Mutex(port)
    }

    var value: Int { port.withLock { $0 } }

    func set(_ value: Int) {
        port.withLock { $0 = value }
    }
}

/// Says once that requests carry forwarding headers from a peer that is not a trusted
/// proxy: behind such a proxy every visitor has the proxy's address, and deferred
/// matching and rate limits collapse onto it.
final class ForwardingWarning: Sendable {
    private let warned = Atomic(false)

    func warnOnce(peer: String, logger: Logger) {
        guard warned.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        logger.warning("requests carry X-Forwarded-For or Forwarded from \(peer), which is not a trusted proxy: every visitor then has the proxy's address. If the server is behind that proxy, add it to UNILINK_TRUSTED_PROXIES.")
    }
}
