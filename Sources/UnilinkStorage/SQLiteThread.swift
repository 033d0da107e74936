import Foundation
import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The one thread SQLite's connection runs on. While it writes a batch of clicks it may
/// step aside for requests: at Linux's `SCHED_IDLE` a woken event loop takes the core at
/// once, where at the normal policy it waits out the writer's time slice (the p99 of a
/// click on a busy core was that wait). A thread cannot leave `SCHED_IDLE` unless the
/// process may run at nice 0 by right (`RLIMIT_NICE` 20 or more, or `CAP_SYS_NICE`), so
/// without that the writer never steps aside. `SCHED_IDLE` alone would starve the writer
/// on a saturated core: the recorder raises it again when a batch takes too long
/// (`raise(overdue:)`), and then keeps it raised for a while.
final class SQLiteThread: Sendable {
    let pool: NIOThreadPool
    private let thread: OSThread?
    /// Whether the writer may step aside at all on this system.
    let canStepAside: Bool
    private let steppedAside = Mutex<SteppingAside>(SteppingAside())

    private struct SteppingAside {
        var now = false
        var lastOverdue: ContinuousClock.Instant?
    }

    /// How long the writer stays at the normal policy after a batch was overdue.
    static let restAfterOverdue: Duration = .seconds(1)

    private init(pool: NIOThreadPool, thread: OSThread?) {
        self.pool = pool
        self.thread = thread
        canStepAside = thread != nil && OSThread.mayReturnFromIdle
    }

    static func start() async throws -> SQLiteThread {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let thread = try await pool.runIfActive { OSThread.current() }
        return SQLiteThread(pool: pool, thread: thread)
    }

    /// The thread's scheduling policy now (for tests and diagnostics).
    var policy: Int32? { thread?.policy }

    /// When the watchdog last raised an overdue batch (for tests and diagnostics).
    var lastOverdue: ContinuousClock.Instant? { steppedAside.withLock { $0.lastOverdue } }

    /// Lowers the thread for a batch; `false` (and nothing changed) when it may not, or a
    /// batch was overdue within `restAfterOverdue`.
    func stepAside(at now: ContinuousClock.Instant = .now) -> Bool {
        guard let thread, canStepAside else { return false }
        return steppedAside.withLock { state in
            if let last = state.lastOverdue, now - last < Self.restAfterOverdue { return false }
            guard !state.now, thread.setPolicy(OSThread.idlePolicy) else { return state.now }
            state.now = true
            return true
        }
    }

    /// Back to the normal policy: after the batch, or from the recorder's watchdog when
    /// the batch is `overdue` (the core has no idle time to give it).
    func raise(overdue: Bool = false, at now: ContinuousClock.Instant = .now) {
        guard let thread, canStepAside else { return }
        steppedAside.withLock { state in
            if overdue { state.lastOverdue = now }
            guard state.now else { return }
            _ = thread.setPolicy(OSThread.normalPolicy)
            state.now = false
        }
    }

    func shutdown() async throws {
        try await pool.shutdownGracefully()
    }
}

extension SQLiteThread {
    /// A thread's scheduling policy, on Linux; elsewhere the writer never steps aside.
    struct OSThread: Sendable {
        #if os(Linux) && canImport(Glibc)
            let id: pthread_t

            static func current() -> OSThread? { OSThread(id: pthread_self()) }

            static let idlePolicy: Int32 = 5  // SCHED_IDLE, which Glibc's module does not export
            static let normalPolicy = Int32(SCHED_OTHER)

            func setPolicy(_ policy: Int32) -> Bool {
                var parameters = sched_param(sched_priority: 0)
                return pthread_setschedparam(id, policy, &parameters) == 0
            }

            var policy: Int32? {
                var policy: Int32 = 0
                var parameters = sched_param()
                return pthread_getschedparam(id, &policy, &parameters) == 0 ? policy : nil
            }

            /// `RLIMIT_NICE` (13) of at least 20 allows nice 0; else `CAP_SYS_NICE` (bit 23 of
            /// the effective capabilities) must be held.
            static let mayReturnFromIdle: Bool = {
                var limit = rlimit()
                if getrlimit(__rlimit_resource_t(13), &limit) == 0, limit.rlim_cur >= 20 { return true }
                guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
                    let mask = UInt64(line.dropFirst("CapEff:".count).trimmingCharacters(in: .whitespaces), radix: 16)
                else { return false }
                return mask & (1 << 23) != 0
            }()
        #else
            static func current() -> OSThread? { nil }
            static let idlePolicy: Int32 = 0
            static let normalPolicy: Int32 = 0
            static let mayReturnFromIdle = false
            func setPolicy(_ policy: Int32) -> Bool { false }
            var policy: Int32? { nil }
        #endif
    }
}
