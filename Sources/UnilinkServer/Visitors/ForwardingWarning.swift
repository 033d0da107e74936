import Logging
import Synchronization

/// Says once that requests carry forwarding headers from a peer that is not a trusted
/// proxy: behind such a proxy every visitor has the proxy's address, and deferred
/// matching and rate limits collapse onto it.
final class ForwardingWarning: Sendable {
    private let warned = Atomic(false)

    func warnOnce(peer: String, logger: Logger) {
        guard warned.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        logger.warning(
            "requests carry X-Forwarded-For or Forwarded from \(peer), which is not a trusted proxy: every visitor then has the proxy's address. If the server is behind that proxy, add it to UNILINK_TRUSTED_PROXIES."
        )
    }
}
