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
