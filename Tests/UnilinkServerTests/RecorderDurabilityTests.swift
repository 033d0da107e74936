import Foundation
import Logging
import SQLKit
import Testing
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkStorage

/// The recorder's batches commit without waiting for the disk; nothing else may inherit
/// that: once a batch is in, the connection is back to SQLite's durable default.
@Suite("Recorder durability")
struct RecorderDurabilityTests {
    @Test func aBatchOfClicksLeavesTheConnectionDurable() async throws {
        try await TestDatabase.sqlite.withFresh { location, _ in
            let store = try await SQLStore.open(location, pool: .forTests, logger: .init(label: "test"))
            func level() async throws -> Int? {
                try await store.database.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)
            }
            #expect(try await level() == 2, "FULL before")
            let clicks = (0..<3).map { index in
                ClickRecord(
                    clickID: "click\(index)", appID: "a", linkID: "l", time: .now, host: "h", path: "/p\(index)", platform: .desktop, outcome: .web)
            }
            try await store.insert(clicks: clicks)
            #expect(try await level() == 2, "FULL after the recorder's transaction")
            let stored = try await store.database.raw("SELECT COUNT(*) AS n FROM clicks").first()?.decode(column: "n", as: Int.self)
            #expect(stored == 3)
            // Checkpoints (and their fsyncs) every 10,000 WAL pages, not SQLite's 1,000.
            let checkpointPages = try await store.database.raw("PRAGMA wal_autocheckpoint").first()?.decode(
                column: "wal_autocheckpoint", as: Int.self)
            #expect(checkpointPages == 10_000)
            try await store.close()
        }
    }
}
