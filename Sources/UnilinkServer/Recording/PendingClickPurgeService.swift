import Foundation
import Logging
import ServiceLifecycle
import UnilinkStorage

/// Deletes pending clicks whose match window closed, every minute: with them go the
/// last traces of the visitor's network but its address's hourly crowd (`network_crowds`),
/// which goes a day later. Expired dashboard sessions go too, failed
/// sign-ins older than the window that limits them, and single sign-ons never finished. With several instances, one does it
/// each time.
struct PendingClickPurgeService: Service {
    let store: SQLStore
    let logger: Logger
    var interval: Duration = .seconds(60)

    func run() async throws {
        await Periodic.run(every: interval, logger: logger, failing: "could not purge pending clicks") {
            let purged =
                try await store.exclusively("purge") {
                    try await store.purgeSessions(before: .now)
                    try await store.purgeSignInFailures(before: .now.addingTimeInterval(-PasswordSignIn.failureWindow))
                    try await store.purgeLogins(before: .now)
                    return try await store.purgePendingClicks(before: .now)
                } ?? 0
            if purged > 0 { logger.debug("purged pending clicks", metadata: ["count": "\(purged)"]) }
        }
    }
}
