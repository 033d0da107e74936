import Foundation
import Logging
import Testing
import UnilinkCore

@testable import UnilinkServer
@testable import UnilinkStorage

/// The SQLite connection's thread yields the core to requests while it writes clicks,
/// where the system lets it come back to the normal policy, and never stays lowered.
@Suite("SQLite's writer thread stepping aside")
struct SQLiteThreadTests {
    static func clicks(_ count: Int) -> [ClickRecord] {
        (0..<count).map { ClickRecorderTests.click($0, link: "lnk_a") }
    }

    static func withStore(_ body: (SQLStore, SQLiteThread) async throws -> Void) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-thread-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        let store = try await SQLStore.open(.sqliteFile(path: file), logger: Logger(label: "test"))
        let thread = try #require(store.sqliteThread)
        do {
            try await body(store, thread)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }

    @Test func aBatchStepsAsideOnlyWhileItIsWrittenAndOnlyWhereTheThreadCanComeBack() async throws {
        try await Self.withStore { store, thread in
            #expect(store.clickWritesCanStepAside == SQLiteThread.OSThread.mayReturnFromIdle)
            #if os(Linux)
                #expect(thread.policy == SQLiteThread.OSThread.normalPolicy)
            #endif
            guard store.clickWritesCanStepAside else {
                #expect(!thread.stepAside())
                try await store.insert(clicks: Self.clicks(10), steppingAside: true)
                #expect(try await store.clickCounts(linkID: "lnk_a", from: "2000-01-01", to: "2100-01-01").first?.count == 10)
                return
            }
            #expect(thread.stepAside())
            #expect(thread.policy == SQLiteThread.OSThread.idlePolicy)
            thread.raise()
            #expect(thread.policy == SQLiteThread.OSThread.normalPolicy)

            try await store.insert(clicks: Self.clicks(600), steppingAside: true)
            #expect(thread.policy == SQLiteThread.OSThread.normalPolicy)
            #expect(try await store.clickCounts(linkID: "lnk_a", from: "2000-01-01", to: "2100-01-01").first?.count == 600)
        }
    }

    /// `.ci/run` sets UNILINK_REQUIRE_NICE where it runs as root, so there these cannot skip.
    static let stepsAside =
        SQLiteThread.OSThread.mayReturnFromIdle || ProcessInfo.processInfo.environment["UNILINK_REQUIRE_NICE"] != nil
    static let cannotStepAside: Comment =
        "this process may not bring a thread back to nice 0 (no CAP_SYS_NICE, RLIMIT_NICE below 20): batches never step aside"

    @Test(.enabled(if: stepsAside, cannotStepAside))
    func anOverdueBatchKeepsTheThreadAtTheNormalPolicyForAWhile() async throws {
        try await Self.withStore { store, thread in
            #expect(store.clickWritesCanStepAside)
            let now = ContinuousClock.now
            #expect(thread.stepAside(at: now))
            thread.raise(overdue: true, at: now)
            #expect(thread.policy == SQLiteThread.OSThread.normalPolicy)
            #expect(!thread.stepAside(at: now + .milliseconds(900)))
            #expect(thread.policy == SQLiteThread.OSThread.normalPolicy)
            #expect(thread.stepAside(at: now + SQLiteThread.restAfterOverdue + .milliseconds(1)))
            thread.raise()
        }
    }

    /// The recorder's watchdog: a batch not written in time (here it waits behind a long
    /// transaction) goes on at the normal policy, and the next batches do not step aside.
    @Test(.enabled(if: stepsAside, cannotStepAside))
    func theRecorderRaisesABatchThatIsNotWrittenInTime() async throws {
        try await Self.withStore { store, thread in
            #expect(store.clickWritesCanStepAside)
            let queue = ClickQueue()
            for click in Self.clicks(100) { queue.enqueue(click) }
            let recorder = ClickRecorderService(queue: queue, sink: store, logger: Logger(label: "test"), overdueAfter: .milliseconds(20))
            async let longTransaction: Void = store.transaction { _ in try await Task.sleep(for: .milliseconds(400)) }
            try await Task.sleep(for: .milliseconds(50))
            #expect(await recorder.flush(steppingAside: true))
            try await longTransaction
            #expect(queue.count == 0)
            #expect(thread.policy == SQLiteThread.OSThread.normalPolicy)
            // Timed from the watchdog's raise, not the wall clock: a busy machine may take
            // longer than the rest to get here.
            let overdue = try #require(thread.lastOverdue, "the watchdog raised the batch")
            #expect(!thread.stepAside(at: overdue + SQLiteThread.restAfterOverdue - .milliseconds(100)))
            #expect(try await store.clickCounts(linkID: "lnk_a", from: "2000-01-01", to: "2100-01-01").first?.count == 100)
        }
    }
}
