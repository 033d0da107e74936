import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkAPI
import UnilinkCore

/// `GET /v1/links/{id}/stats` on the server in process: the link's clicks through the click
/// path, read back in a zone and by the hour, since the link was made unless asked otherwise.
@Suite("A link's stats")
struct LinkStatsAPITests {
    @Test func aLinksNumbersCoverItsLifeInAnyZoneAndGranularity() async throws {
        try await TestServer.run { client, server in
            let app = try await client.createApp()
            let anna = try #require(try await client.createLink(#"{"path": "/u/1", "alias": "anna"}"#, app: app).id)
            _ = try await client.createLink(#"{"path": "/u/2", "alias": "bob"}"#, app: app)
            for _ in 0..<2 { try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.iPhoneSafari) }
            try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.instagramAndroid)
            try await client.send(.get, "/bob", host: "exm.pl", userAgent: UA.windowsChrome)
            await server.clicksStored()

            let stats = try await client.send(.get, "/v1/links/\(anna)/stats", bearer: app.secretKey).decode(LinkStats.self)
            // The link was made today (or, at midnight, yesterday): the window is its life.
            #expect(stats.clicks == 3 && stats.to == StatsDay.today(in: "UTC") && stats.series.count <= 2, "\(stats.from)")
            #expect(stats.series.first?.start == stats.from && stats.series.map(\.clicks).reduce(0, +) == 3)
            #expect(stats.byPlatform == ["ios": 2, "android": 1])
            #expect(stats.bySource == ["browser": 2, "instagram": 1])
            #expect(stats.daily.map(\.clicks).reduce(0, +) == 3)

            let kolkata = try await client.send(
                .get, "/v1/links/\(anna)/stats?granularity=hour&tz=Asia/Kolkata&from=\(StatsDay.daysAgo(1, in: "Asia/Kolkata"))",
                bearer: app.secretKey
            ).decode(LinkStats.self)
            #expect(kolkata.tz == "Asia/Kolkata" && kolkata.granularity == .hour)
            // Two local days, or three from 18:00Z, when the current hour counts in tomorrow's.
            let days = try #require(CivilDay.daysSince1970(parsing: kolkata.to)) - (try #require(CivilDay.daysSince1970(parsing: kolkata.from))) + 1
            #expect((days == 2 || days == 3) && kolkata.series.count == 24 * Int(days) && kolkata.series.map(\.clicks).reduce(0, +) == 3)
            #expect(kolkata.daily.map(\.clicks).reduce(0, +) == 3)

            let monthly = try await client.send(.get, "/v1/links/\(anna)/stats?granularity=month&from=2026-01-01", bearer: app.secretKey)
                .decode(LinkStats.self)
            #expect(monthly.series.first?.start == "2026-01" && monthly.series.last?.clicks == 3 && monthly.clicks == 3)
        }
    }

    @Test(arguments: [("tz=Mars/Olympus", "'tz'"), ("granularity=week", "'granularity'"), ("from=2026-11-20&to=2026-11-10", "'from'")])
    func badInputIsA400NamingTheParameter(query: String, names: String) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try #require(try await client.createLink(#"{"path": "/u/1"}"#, app: app).id)
            let response = try await client.send(.get, "/v1/links/\(link)/stats?\(query)", bearer: app.secretKey)
            #expect(response.status == .badRequest)
            #expect(response.text.contains(names), "\(response.text)")
        }
    }
}

/// Local days as the server reads them.
enum StatsDay {
    static func daysAgo(_ days: Int, in zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let date = calendar.date(byAdding: .day, value: -days, to: .now)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    static func today(in zone: String) -> String { daysAgo(0, in: zone) }
}
