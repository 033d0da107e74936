import Logging
import ServiceLifecycle
import UnilinkStorage

/// Writes when API tokens were last used, every minute and once more at the stop: a
/// token's check costs no write, and its list still says when it was last used.
struct TokenUsageService: Service {
    let people: PeopleDirectory
    let store: SQLStore
    let logger: Logger
    var interval: Duration = .seconds(60)

    func run() async throws {
        await Periodic.run(every: interval, logger: logger, failing: "could not write when tokens were last used") {
            try await people.flushUsage(to: store)
        }
        try? await people.flushUsage(to: store)
    }
}
