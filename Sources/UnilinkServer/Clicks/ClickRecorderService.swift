import Logging
import ServiceLifecycle
import UnilinkStorage

/// Stores queued clicks in batches, off the request path; on graceful shutdown it
/// drains the queue so no counted click is lost.
struct ClickRecorderService: Service {
    let queue: ClickQueue
    let store: SQLStore
    let logger: Logger
    var batchSize = 500

    func run() async throws {
        await withGracefulShutdownHandler {
            for await _ in queue.wakeUps {
                // The database is away: keep the clicks (the queue is bounded) and try
                // again until it is back, without waiting for the next click.
                var delay: Duration = .milliseconds(200)
                while await !flush(), !Task.isShuttingDownGracefully {
                    try? await Task.sleep(for: delay)
                    delay = min(delay * 2, .seconds(5))
                }
            }
        } onGracefulShutdown: {
            queue.finish()
        }
        await flush()
    }

    /// Writes everything queued; a failed batch goes back to the queue. `false` when it failed.
    @discardableResult
    func flush() async -> Bool {
        while true {
            let batch = queue.take(maxCount: batchSize)
            if batch.isEmpty { return true }
            do {
                try await store.insert(clicks: batch)
                queue.stored()
            } catch {
                logger.error("could not store clicks; kept in memory", metadata: ["count": "\(batch.count)", "error": "\(error)"])
                queue.putBack(batch)
                return false
            }
        }
    }
}
