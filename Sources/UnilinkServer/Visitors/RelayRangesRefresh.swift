import Logging
import ServiceLifecycle

/// Checks the relay ranges' file every `interval`, and makes the network keys forget
/// what the old ranges decided when it changed.
struct RelayRangesRefresh: Service {
    let keys: NetworkKeys
    var interval: Duration = .seconds(60)

    /// Runs until the server stops, with or without a file: a service that returns stops them all.
    func run() async throws {
        await Periodic.run(every: interval, logger: Logger(label: "unilink"), failing: "could not read the Private Relay ranges") {
            keys.refreshRelay()
        }
    }
}
