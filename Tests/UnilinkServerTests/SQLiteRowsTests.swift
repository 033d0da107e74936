import Foundation
import SQLiteKit
import Testing
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkStorage

/// Batches whose rows repeat the first row's values are bound once on SQLite: every row
/// must still read back exactly as it was recorded, whichever values it shares, drops or
/// takes up again, across statements and days, with NULLs among them.
@Suite("Multi-row inserts that bind repeated values once")
struct SQLiteRowsTests {
    @Test func aRepeatedValueNamesTheFirstRowsParameterAndADifferentOneIsBound() {
        var rows = SQLiteRows(columns: 3, sharing: [1, 2], rows: 3)
        for row: [SQLiteData] in [[.text("a"), .text("app"), .null], [.text("b"), .text("app"), .null], [.text("c"), .text("other"), .null]] {
            for value in row { rows.append(value) }
        }
        #expect(rows.text == "(?, ?, ?), (?, ?2, ?3), (?, ?, ?3)")
        #expect(rows.binds == [.text("a"), .text("app"), .null, .text("b"), .text("c"), .text("other")])
        #expect(rows.count == 3)
    }

    @Test func aColumnThatMayNotShareIsAlwaysBound() {
        var rows = SQLiteRows(columns: 2, sharing: [1], rows: 2)
        for value: SQLiteData in [.integer(7), .integer(8), .integer(7), .integer(8)] { rows.append(value) }
        #expect(rows.text == "(?, ?), (?, ?2)")
        #expect(rows.binds == [.integer(7), .integer(8), .integer(7)])
    }

    /// 1,203 clicks (three statements) on two links, with hosts, paths, platforms, in-app
    /// browsers and days that change, return to the first row's and go NULL.
    @Test(arguments: TestDatabase.available) func everyClickReadsBackAsRecorded(database: TestDatabase) async throws {
        try await SQLStoreTests.withStore(database) { store, _ in
            let midnight = Date(timeIntervalSince1970: 1_763_942_400)
            let clicks = (0..<(SQLStore.rowsPerInsert * 2 + 203)).map { index -> ClickRecord in
                let time = midnight.addingTimeInterval(Double(index - 600) * 0.25)
                let host = index % 3 == 1 ? "other.example" : "go.example"
                let path = index % 7 == 0 ? "/p/\(index)" : "/p/shared"
                let platform: ClickPlatform = index % 11 == 5 ? .android : .ios
                let outcome: ClickOutcome = index % 4 == 2 ? .store : .preview
                return ClickRecord(
                    clickID: "click\(index)", appID: "a", linkID: index % 5 == 3 ? "lnk_2" : "lnk_1", time: time, host: host, path: path,
                    platform: platform, outcome: outcome, inAppBrowser: index % 6 == 4 ? "facebook" : nil
                )
            }
            try await store.insert(clicks: clicks)
            for link in ["lnk_1", "lnk_2"] {
                let expected = clicks.filter { $0.linkID == link }.reversed().map {
                    RecentClick(
                        time: SQLStore.date(SQLStore.milliseconds($0.time)), host: $0.host, path: $0.path, platform: $0.platform.rawValue,
                        outcome: $0.outcome.rawValue, inAppBrowser: $0.inAppBrowser)
                }
                #expect(try await store.recentClicks(linkID: link, limit: clicks.count) == expected)
                let days = try await store.clickCounts(linkID: link, from: "0000-01-01", to: "9999-12-31").reduce(into: [String: Int]()) {
                    $0[$1.day, default: 0] += $1.count
                }
                let before = clicks.filter { $0.linkID == link && $0.time < midnight }.count
                #expect(days == ["2025-11-23": before, "2025-11-24": expected.count - before])
            }
            try await store.close()
        }
    }

    /// Pending clicks whose documents, links and network keys repeat the first row's, differ,
    /// and repeat it again.
    @Test(arguments: TestDatabase.available) func everyPendingClickReadsBackAsRecorded(database: TestDatabase) async throws {
        try await SQLStoreTests.withStore(database) { store, _ in
            let clicks = (0..<(SQLStore.rowsPerInsert + 40)).map { index in
                var click = PendingClickDocumentTests.full(index % 4 == 1 ? "v\(index)" : "v")
                click.clickID = "pending\(index)"
                click.linkID = index % 9 == 2 ? nil : click.linkID
                click.networkKey = index % 5 == 3 ? nil : "nk-\(index % 2)"
                click.reachedStore = index % 3 == 0
                click.time = click.time.addingTimeInterval(Double(index))
                return click
            }
            try await store.insert(clicks: clicks.map(PendingClickDocumentTests.record))
            for click in clicks {
                #expect(try await store.pendingClick(id: click.clickID) == PendingClickDocumentTests.asStored(click))
            }
            try await store.close()
        }
    }
}
