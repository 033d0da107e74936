import Logging
import Prometheus
import UnilinkStorage

/// What one server process shares, made once by `prepareServer`. Only the composition root
/// (`buildResponder`, `buildRouter`, `backgroundServices`) holds it: each controller,
/// middleware and service is handed the parts it uses, and a test builds only those.
struct ServerParts: Sendable {
    let settings: ServerSettings
    let store: SQLStore
    let directory: HostDirectory
    let links: LinkCache
    let clicks: ClickQueue
    let previews: PreviewPageCache
    let port: BoundPort
    let metrics: PrometheusCollectorRegistry
    let networkKeys: NetworkKeys
    let installedMarker: InstalledMarker
    let clickMetrics: ClickMetrics
    let rateLimiter: RateLimiter
    let changes: ChangeFeed
    let people: PeopleDirectory
    let passwords: Passwords
    let addresses: ClientAddressResolver
    /// The visitor's country, from the operator's database (`UNILINK_GEOIP_DATABASE`).
    let geo: GeoLocator
    let logger: Logger

    var linkService: LinkService {
        LinkService(store: store, changes: changes, port: port, installedMarker: installedMarker)
    }

    var appService: AppService {
        AppService(store: store, directory: directory, changes: changes)
    }

    var peopleService: PeopleService {
        PeopleService(store: store, people: people, changes: changes, passwords: passwords)
    }

    var authorizer: Authorizer {
        Authorizer(directory: directory, links: store)
    }

    var recorder: ClickRecorderService {
        ClickRecorderService(queue: clicks, sink: store, logger: logger)
    }

    /// The route family's limit, or `nil` when limits are off.
    func rateLimit(_ family: RateLimits.Family) -> RateLimitMiddleware? {
        settings.rateLimits.isEnabled
            ? RateLimitMiddleware(family: family, limits: settings.rateLimits, limiter: rateLimiter, addresses: addresses) : nil
    }
}
