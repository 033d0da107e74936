import Synchronization
import UnilinkCore

/// Clicks waiting to be stored. `enqueue` never waits: the response does not depend on
/// the database. Bounded by count and by bytes so that a dead database cannot exhaust
/// memory; a click that does not fit is shed and counted (`onShed`), never silently.
final class ClickQueue: Sendable {
    private struct State {
        /// Each with its estimated size, reckoned once.
        var pending: [(click: ClickRecord, bytes: Int)] = []
        /// Taken by the recorder and not yet stored.
        var inFlight: [ClickRecord] = []
        var bytes = 0
        var dropped = 0
        /// Clicks ever accepted, and ever stored: the queue is first in, first out, so a
        /// click is stored once `stored` reaches the `accepted` count it was given.
        var accepted: UInt64 = 0
        var stored: UInt64 = 0
    }

    private let state = Mutex(State())
    private let capacity: Int
    private let byteBudget: Int
    private let onShed: @Sendable (_ droppedSoFar: Int) -> Void
    private let (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

    init(capacity: Int = 100_000, byteBudget: Int = 96 << 20, onShed: @escaping @Sendable (_ droppedSoFar: Int) -> Void = { _ in }) {
        self.capacity = capacity
        self.byteBudget = byteBudget
        self.onShed = onShed
    }

    func enqueue(_ click: ClickRecord) {
        let size = click.estimatedBytes
        let dropped = state.withLock { state -> Int? in
            guard state.pending.count < capacity, state.bytes + size <= byteBudget else {
                state.dropped += 1
                return state.dropped
            }
            state.pending.append((click, size))
            state.bytes += size
            state.accepted += 1
            return nil
        }
        if let dropped { onShed(dropped) } else { signal.yield() }
    }

    /// Takes up to `maxCount` clicks.
    func take(maxCount: Int) -> [ClickRecord] {
        state.withLock { state in
            let taken = state.pending.prefix(maxCount)
            let batch = taken.map(\.click)
            state.bytes -= taken.reduce(0) { $0 + $1.bytes }
            state.pending.removeFirst(batch.count)
            state.inFlight += batch
            return batch
        }
    }

    /// Puts clicks back at the front after a failed write.
    func putBack(_ clicks: [ClickRecord]) {
        state.withLock { state in
            state.inFlight.removeAll()
            let sized = clicks.map { (click: $0, bytes: $0.estimatedBytes) }
            state.pending.insert(contentsOf: sized, at: 0)
            state.bytes += sized.reduce(0) { $0 + $1.bytes }
        }
    }

    var bytes: Int { state.withLock { $0.bytes } }

    var count: Int { state.withLock { $0.pending.count } }

    /// The recorder stored what it took.
    func stored() {
        state.withLock { state in
            state.stored += UInt64(state.inFlight.count)
            state.inFlight.removeAll()
        }
    }

    /// Every click accepted so far, as a mark to wait for.
    var acceptedMark: UInt64 { state.withLock { $0.accepted } }

    /// Waits, at most `timeout`, until the clicks accepted before `mark` are stored: a
    /// reader that must see them (the first launch's look-up) waits for the recorder's
    /// next write instead of missing a click still in memory.
    func waitUntilStored(_ mark: UInt64, timeout: Duration) async {
        let deadline = ContinuousClock.now + timeout
        while state.withLock({ $0.stored < mark }), ContinuousClock.now < deadline {
            signal.yield()
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Waiting in the queue or being written.
    func contains(clickID: String) -> Bool {
        state.withLock { state in
            state.pending.contains { $0.click.clickID == clickID } || state.inFlight.contains { $0.clickID == clickID }
        }
    }
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// Wakes the recorder after an enqueue.
    var wakeUps: AsyncStream<Void> { signals }

    func finish() { signal.finish() }
}
