import Synchronization
import UnilinkCore

/// Clicks waiting to be stored. `enqueue` never waits: the response does not depend on
/// the database. Bounded by count and by bytes so that a dead database cannot exhaust
/// memory; a click that does not fit is shed and counted (`onShed`), never silently.
final class ClickQueue: Sendable {
    private struct State {
        var pending: [ClickRecord] = []
        /// Each pending click's estimated size, reckoned once.
        var pendingBytes: [Int] = []
        /// Taken by the recorder and not yet stored.
        var inFlight: [ClickRecord] = []
        var bytes = 0
        var dropped = 0
        /// Clicks ever accepted, and ever stored: the queue is first in, first out, so a
        /// click is stored once `stored` reaches the `accepted` count it was given.
        var accepted: UInt64 = 0
        var stored: UInt64 = 0
        /// Readers waiting for a mark to be stored (`waitUntilStored`), by ticket.
        var waiters: [Int: (mark: UInt64, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextTicket = 0
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

    func enqueue(_ click: consuming ClickRecord) {
        let size = click.estimatedBytes
        // Moved into the queue, not copied: a record holds a dozen strings and a pending click.
        var moved = Optional(click)
        let dropped = state.withLock { state -> Int? in
            guard state.pending.count < capacity, state.bytes + size <= byteBudget else {
                state.dropped += 1
                return state.dropped
            }
            if let click = moved.take() { state.pending.append(click) }
            state.pendingBytes.append(size)
            state.bytes += size
            state.accepted += 1
            return nil
        }
        if let dropped { onShed(dropped) } else { signal.yield() }
    }

    /// Takes up to `maxCount` clicks.
    func take(maxCount: Int) -> [ClickRecord] {
        state.withLock { state in
            let count = min(maxCount, state.pending.count)
            let batch: [ClickRecord]
            state.bytes -= state.pendingBytes[..<count].reduce(0, +)
            state.pendingBytes.removeFirst(count)
            if count == state.pending.count {
                // Usually all of them: the array itself changes hands, no click is copied.
                batch = state.pending
                state.pending = []
            } else {
                batch = Array(state.pending[..<count])
                state.pending.removeFirst(count)
            }
            if state.inFlight.isEmpty { state.inFlight = batch } else { state.inFlight += batch }
            return batch
        }
    }

    /// Puts clicks back at the front after a failed write.
    func putBack(_ clicks: [ClickRecord]) {
        state.withLock { state in
            state.inFlight.removeAll()
            let sizes = clicks.map(\.estimatedBytes)
            state.pending.insert(contentsOf: clicks, at: 0)
            state.pendingBytes.insert(contentsOf: sizes, at: 0)
            state.bytes += sizes.reduce(0, +)
        }
    }

    var bytes: Int { state.withLock { $0.bytes } }

    var count: Int { state.withLock { $0.pending.count } }

    /// The recorder stored what it took: the readers waiting for those clicks go on.
    func stored() {
        let done = state.withLock { state in
            state.stored += UInt64(state.inFlight.count)
            state.inFlight.removeAll()
            let stored = state.stored
            let done = state.waiters.filter { $0.value.mark <= stored }
            for ticket in done.keys { state.waiters[ticket] = nil }
            return done.values.map(\.continuation)
        }
        for continuation in done { continuation.resume() }
    }

    /// Every click accepted so far, as a mark to wait for.
    var acceptedMark: UInt64 { state.withLock { $0.accepted } }

    /// Waits, at most `timeout`, until the clicks accepted before `mark` are stored: a
    /// reader that must see them (the first launch's look-up) waits for the recorder's
    /// next write instead of missing a click still in memory. Woken by `stored()`.
    /// `false` when the time ran out first.
    @discardableResult
    func waitUntilStored(_ mark: UInt64, timeout: Duration) async -> Bool {
        guard state.withLock({ $0.stored < mark }) else { return true }
        signal.yield()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.stored(mark) }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        return state.withLock { $0.stored >= mark }
    }

    /// Returns once `mark` is stored, or at once when cancelled.
    private func stored(_ mark: UInt64) async {
        let ticket = state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    // Cancelled before this ran: the handler found nothing to resume.
                    if state.stored >= mark || Task.isCancelled { return true }
                    state.waiters[ticket] = (mark, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: ticket) }?.continuation.resume()
        }
    }

    var droppedCount: Int { state.withLock { $0.dropped } }

    /// Wakes the recorder after an enqueue.
    var wakeUps: AsyncStream<Void> { signals }

    func finish() { signal.finish() }
}
