import Synchronization

/// Reloads started and the latest applied, for what is rebuilt from the database by
/// reloads that overlap (an instance's own change, another's announcement, the periodic
/// one): one that read the database earlier must not replace what a later one read.
final class ReloadGenerations: Sendable {
    private let state = Mutex((started: UInt64(0), applied: UInt64(0)))

    /// A reload's number, taken before it reads the database.
    func start() -> UInt64 {
        state.withLock { state in
            state.started += 1
            return state.started
        }
    }

    /// Runs `replace` (what reload `generation` read takes the old one's place) unless a
    /// reload started after it was applied already.
    func apply(_ generation: UInt64, _ replace: () -> Void) {
        state.withLock { state in
            guard generation > state.applied else { return }
            state.applied = generation
            replace()
        }
    }
}
