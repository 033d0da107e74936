import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Prometheus
import Synchronization
import UnilinkCore
import UnilinkStorage

/// What the controllers share, passed in (no globals).
struct ServerState: Sendable {
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

    var body: HTTPBody { HTTPBody(maxBytes: settings.maxBodyBytes) }
    var authorization: Authorization { Authorization(directory: directory) }
    var addressing: HostAddressing { HostAddressing(localPort: boundPort.value) }

    /// The visitor's address: the socket peer, or a trusted proxy's forwarding headers.
    func clientAddress(_ request: Request, _ context: AppRequestContext) -> String? {
        ClientAddress(trustedProxies: settings.trustedProxies).resolve(
            peer: context.peerAddress,
            forwardedFor: request.headers[HTTPField.Name("X-Forwarded-For")!],
            forwarded: request.headers[HTTPField.Name("Forwarded")!]
        )
    }
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
