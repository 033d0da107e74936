import Synchronization
import UnilinkCore

/// Clicks waiting to be stored. `enqueue` never waits: the response does not depend on
/// the database. Bounded so that a dead database cannot exhaust memory.
final class ClickQueue: Sendable {
    private struct State {
        var pending: [ClickRecord] = []
        var dropped = 0
    }

    private let state = Mutex(State())
    private let capacity: Int
    private let (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

    init(capacity: Int = 100_000) {
        self.capacity = capacity
    }

    func enqueue(_ click: ClickRecord) {
        let accepted = state.withLock { state in
            guard state.pending.count < capacity else {
                state.dropped += 1
                return false
            }
            state.pending.append(click)
            return true
        }
        if accepted { signal.yield() }
    }

    /// Takes up to `maxCount` clicks.
    func take(maxCount: Int) -> [ClickRecord] {
        state.withLock { state in
            let batch = Array(state.pending.prefix(maxCount))
            state.pending.removeFirst(batch.count)
            return batch
        }
    }

    /// Puts clicks back at the front after a failed write.
    func putBack(_ clicks: [ClickRecord]) {
        state.withLock { $0.pending.insert(contentsOf: clicks, at: 0) }
    }

    var count: Int { state.withLock { $0.pending.count } }

    func contains(clickID: String) -> Bool {
        state.withLock { $0.pending.contains { $0.clickID == clickID } }
    }
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// Wakes the recorder after an enqueue.
    var wakeUps: AsyncStream<Void> { signals }

    func finish() { signal.finish() }
}
