import Logging
import ServiceLifecycle
import UnilinkCore
import UnilinkStorage

/// Stores queued clicks in batches, off the request path, through a `ClickSink` (the SQL
/// store: raw rows and counters in one transaction); on graceful shutdown it drains the
/// queue so no counted click is lost.
struct ClickRecorderService: Service {
    let queue: ClickQueue
    let sink: any ClickSink
    let logger: Logger
    /// Clicks per transaction, in statements of `SQLStore.rowsPerInsert` rows: each commit
    /// writes the last pages of the table and its indexes to the WAL again, so a saturated
    /// core stores a linger's clicks in one (2,000 at 40,000 clicks/s) rather than in four.
    var batchSize = 5_000
    /// Clicks queued behind a batch that mean the recorder is falling behind: it writes at
    /// the normal priority then, not stepping aside for requests.
    var backlog = 1_000
    /// Under load, how long a wake-up waits for more clicks before writing: one
    /// transaction per `linger` instead of one per handful of clicks (each commit rewrites
    /// the indexes' last pages). A quiet server writes at once. Responses never wait for
    /// it; the first launch's look-up and the preview's signals wait for a queued click.
    var linger: Duration = .milliseconds(50)
    /// A write of at least this many clicks means load.
    var busyBatch = 32
    /// A batch that yields the core to requests (`SQLiteThread`) and is not written by
    /// then finds no idle time on it: it goes on at the normal priority.
    var overdueAfter: Duration = .milliseconds(50)

    func run() async throws {
        await withGracefulShutdownHandler {
            var busy = false
            for await _ in queue.wakeUps {
                if busy, linger > .zero, queue.count < batchSize { try? await Task.sleep(for: linger) }
                busy = queue.count >= busyBatch
                // The database is away: keep the clicks (the queue is bounded) and try
                // again until it is back, without waiting for the next click.
                var delay: Duration = .milliseconds(200)
                while await !flush(steppingAside: true), !Task.isShuttingDownGracefully {
                    try? await Task.sleep(for: delay)
                    delay = min(delay * 2, .seconds(5))
                }
            }
        } onGracefulShutdown: {
            queue.finish()
        }
        // The last flush runs even when the stop turned into cancellation (a stop that took
        // too long): what was answered is stored.
        let recorder = self
        _ = await Task { await recorder.flush() }.value
    }

    /// Writes everything queued; a failed batch goes back to the queue. `false` when it failed.
    /// `steppingAside`: the background writes, not a request waiting for its click; a batch
    /// then yields the core to requests unless clicks pile up behind it.
    @discardableResult
    func flush(steppingAside: Bool = false) async -> Bool {
        while true {
            let batch = queue.take(maxCount: batchSize)
            if batch.isEmpty { return true }
            do {
                try await write(batch, steppingAside: steppingAside && queue.count < backlog)
                queue.stored()
            } catch {
                logger.error("could not store clicks; kept in memory", metadata: ["count": "\(batch.count)", "error": "\(error)"])
                queue.putBack(batch)
                return false
            }
        }
    }

    private func write(_ batch: [ClickRecord], steppingAside: Bool) async throws {
        guard steppingAside, sink.canStepAside else {
            try await sink.record(batch, steppingAside: false)
            return
        }
        let sink = self.sink, overdueAfter = self.overdueAfter
        let watchdog = Task {
            try await Task.sleep(for: overdueAfter)
            sink.writeOverdue()
        }
        defer { watchdog.cancel() }
        try await sink.record(batch, steppingAside: true)
    }
}
