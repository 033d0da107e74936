/// Serialises write transactions. SQLite has one connection, so two transactions must
/// never interleave their statements on it; an actor alone would not do, because it
/// lets another call in at every `await`.
actor WriteGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }

    /// Runs `body` holding the gate, released however `body` ends.
    func holding<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await acquire()
        do {
            let result = try await body()
            release()
            return result
        } catch {
            release()
            throw error
        }
    }
}
