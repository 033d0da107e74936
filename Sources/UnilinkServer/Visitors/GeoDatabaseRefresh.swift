import Logging
import ServiceLifecycle

/// Checks the GeoIP database's file every `interval` and opens it again when it changed.
struct GeoDatabaseRefresh: Service {
    let geo: GeoLocator
    var interval: Duration = .seconds(60)

    /// Runs until the server stops, with or without a file: a service that returns stops them all.
    func run() async throws {
        await Periodic.run(every: interval, logger: Logger(label: "unilink"), failing: "could not read the GeoIP database") {
            geo.refresh()
        }
    }
}
