import Foundation
import Logging
import ServiceLifecycle
import UnilinkStorage

/// Hourly: raw clicks, SDK events and deferred answers past their retention are deleted
/// (their numbers stay in the counters; README, "What the server keeps"). With several
/// instances, one does it each time.
struct RetentionService: Service {
    let store: SQLStore
    let retention: Retention
    let logger: Logger
    var interval: Duration = .seconds(3600)

    func run() async throws {
        await Periodic.run(every: interval, logger: logger, failing: "could not apply retention") {
            let now = Date.now
            let retention = self.retention
            let (done, audit) =
                try await store.exclusively("retention") {
                    (
                        try await store.applyRetention(
                            clicksBefore: now.addingTimeInterval(-Double(retention.clickDays) * 86_400),
                            eventsBefore: now.addingTimeInterval(-Double(retention.eventDays) * 86_400),
                            answersBefore: now.addingTimeInterval(-Double(retention.deferredAnswerDays) * 86_400)
                        ),
                        try await store.deleteAudit(before: now.addingTimeInterval(-Double(retention.auditDays) * 86_400))
                    )
                } ?? (.init(), 0)
            if let problem = done.partitionProblem {
                logger.warning(
                    "a month's partition of clicks could not be made or dropped; trying again in an hour", metadata: ["error": "\(problem)"])
            }
            if done.clicksDeleted + done.events + done.deferredAnswers + audit > 0 {
                logger.info(
                    "retention applied",
                    metadata: [
                        "clicks_deleted": "\(done.clicksDeleted)", "events_deleted": "\(done.events)",
                        "answers_deleted": "\(done.deferredAnswers)", "audit_entries_deleted": "\(audit)",
                    ])
            }
        }
    }
}
