import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
import UnilinkAPI
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkStorage

/// The raw clicks' CSV: pages of the store that together hold each click once, in time
/// order, on a real SQLite file and a real PostgreSQL database; over HTTP, the app's own
/// clicks with the stats' window and filters, streamed.
@Suite("Exporting raw clicks")
struct ClickExportTests {
    /// 5,000 clicks, many sharing a millisecond, read back 700 at a time.
    @Test(arguments: TestDatabase.available)
    func pagesHoldEveryClickOnceInTimeOrder(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            do {
                let start = 1_800_000_000.0
                let clicks = (0..<5_000).map { index in
                    ClickRecord(
                        clickID: String(format: "c%05d", (index * 7_919) % 5_000), appID: index % 10 == 0 ? "other" : "app",
                        linkID: "lnk_\(index % 4)",
                        time: Date(timeIntervalSince1970: start + Double(index / 3)), host: "exm.pl", path: "/x",
                        platform: index % 2 == 0 ? .ios : .android, outcome: .store, inAppBrowser: index % 3 == 0 ? "instagram" : nil)
                }
                for batch in stride(from: 0, to: clicks.count, by: 1_000) { try await store.insert(clicks: Array(clicks[batch..<batch + 1_000])) }
                let from = Int64(start * 1000), to = Int64((start + 86_400) * 1000)

                func export(_ filter: ClickFilter) async throws -> [ExportedClick] {
                    var all: [ExportedClick] = []
                    var after: ExportedClick?
                    while true {
                        let page = try await store.clicks(appID: "app", from: from, to: to, filter: filter, after: after, limit: 700)
                        all += page
                        guard page.count == 700 else { return all }
                        after = page.last
                    }
                }
                let everything = try await export(ClickFilter())
                let expected = clicks.filter { $0.appID == "app" }
                #expect(everything.count == expected.count)
                #expect(Set(everything.map(\.clickID)) == Set(expected.map(\.clickID)), "each click once")
                #expect(zip(everything, everything.dropFirst()).allSatisfy { ($0.time, $0.clickID) < ($1.time, $1.clickID) }, "time order")

                let narrow = try await export(ClickFilter(linkID: "lnk_1", platform: "android", source: "instagram"))
                #expect(narrow.count == expected.filter { $0.linkID == "lnk_1" && $0.platform == .android && $0.inAppBrowser == "instagram" }.count)
                #expect(!narrow.isEmpty && narrow.allSatisfy { $0.linkID == "lnk_1" && $0.platform == "android" && $0.source == "instagram" })
                let browsers = try await export(ClickFilter(source: "browser"))
                #expect(browsers.count == expected.filter { $0.inAppBrowser == nil }.count && browsers.allSatisfy { $0.source == nil })
                try await store.close()
            } catch {
                try? await store.close()
                throw error
            }
        }
    }

    @Test func theAPIStreamsTheAppsOwnClicksWithTheStatsFilters() async throws {
        try await TestServer.run { client, server in
            let app = try await client.createApp()
            let anna = try #require(try await client.createLink(#"{"path": "/u/1", "alias": "anna"}"#, app: app).id)
            _ = try await client.createLink(#"{"path": "/u/2", "alias": "bob"}"#, app: app)
            try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.iPhoneSafari)
            try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.instagramAndroid)
            try await client.send(.get, "/bob", host: "exm.pl", userAgent: UA.windowsChrome)
            await server.clicksStored()

            let response = try await client.send(.get, "/v1/apps/\(app.id)/clicks.csv", bearer: app.secretKey)
            #expect(response.status == .ok && response.headers[.contentType] == "text/csv; charset=utf-8")
            let lines = response.text.split(separator: "\r\n")
            #expect(lines.first == "time,click_id,link_id,host,path,platform,outcome,source")
            #expect(lines.count == 4)
            #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(StatsDay.today(in: "UTC")) || $0.hasPrefix(StatsDay.daysAgo(1, in: "UTC")) })
            let instagram = try await client.send(
                .get, "/v1/apps/\(app.id)/clicks.csv?link_id=\(anna)&source=instagram&tz=Europe/Berlin", bearer: app.secretKey
            ).text.split(separator: "\r\n")
            #expect(instagram.count == 2 && instagram[1].contains(",\(anna),exm.pl,/anna,android,") && instagram[1].hasSuffix(",instagram"))
            let desktops = try await client.send(.get, "/v1/apps/\(app.id)/clicks.csv?platform=desktop", bearer: app.secretKey).text
            #expect(desktops.split(separator: "\r\n").count == 2 && desktops.contains("/bob,desktop,"))

            let refused = try await client.send(.get, "/v1/apps/\(app.id)/clicks.csv?platform=phone", bearer: app.secretKey)
            #expect(refused.status == .badRequest && refused.text.contains("'platform'"))
            let other = try await client.createApp(#"{"name": "Other", "domains": [{"host": "other.example", "role": "primary"}]}"#)
            #expect(try await client.send(.get, "/v1/apps/\(other.id)/clicks.csv", bearer: app.secretKey).status == .notFound)
            #expect(try await client.send(.get, "/v1/apps/\(app.id)/clicks.csv").status == .unauthorized)
        }
    }
}
