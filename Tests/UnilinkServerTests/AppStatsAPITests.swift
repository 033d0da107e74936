import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkAPI

/// `GET /v1/apps/{id}/stats` on the server in process: clicks sent through the click path,
/// counted on write, read back by the app's own key.
@Suite("An app's stats")
struct AppStatsAPITests {
    @Test func theAppsNumbersAreItsClicksBySourceAndTopLinks() async throws {
        try await TestServer.run { client, server in
            let app = try await client.createApp()
            let anna = try #require(try await client.createLink(#"{"path": "/u/1", "alias": "anna"}"#, app: app).id)
            let bob = try #require(try await client.createLink(#"{"path": "/u/2", "alias": "bob"}"#, app: app).id)
            for _ in 0..<3 { try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.iPhoneSafari) }
            try await client.send(.get, "/bob", host: "exm.pl", userAgent: UA.windowsChrome)
            try await client.send(.get, "/bob", host: "exm.pl", userAgent: UA.instagramAndroid)
            await server.clicksStored()

            let stats = try await client.send(.get, "/v1/apps/\(app.id)/stats", bearer: app.secretKey).decode(AppStats.self)
            #expect(stats.clicks == 5)
            #expect(stats.topLinks == [.init(linkID: anna, clicks: 3), .init(linkID: bob, clicks: 2)])
            #expect(stats.byPlatform == ["ios": 3, "desktop": 1, "android": 1])
            #expect(stats.bySource == ["browser": 4, "instagram": 1])
            #expect(stats.granularity == .day && stats.tz == "UTC" && stats.series.count == 30)
            #expect(stats.series.last?.clicks == 5 && stats.series.dropLast().allSatisfy { $0.clicks == 0 })

            let hourly = try await client.send(
                .get, "/v1/apps/\(app.id)/stats?granularity=hour&tz=America/New_York", bearer: app.secretKey
            ).decode(AppStats.self)
            #expect(hourly.series.count >= 29 * 24 && hourly.series.count <= 30 * 24 + 1)
            #expect(hourly.series.map(\.clicks).reduce(0, +) == 5 && hourly.tz == "America/New_York")
        }
    }

    @Test(arguments: [
        ("tz=Mars/Olympus", "'tz'"), ("granularity=week", "'granularity'"), ("from=2026-11-20&to=2026-11-10", "'from'"),
        ("to=2026-02-30", "'to'"), ("granularity=hour&from=2024-01-01&to=2026-01-01", "400 days"),
    ])
    func badInputIsA400NamingTheParameter(query: String, names: String) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let response = try await client.send(.get, "/v1/apps/\(app.id)/stats?\(query)", bearer: app.secretKey)
            #expect(response.status == .badRequest)
            #expect(response.text.contains(names), "\(response.text)")
        }
    }

    @Test func anotherAppsNumbersAreNotThere() async throws {
        try await TestServer.run { client in
            let mine = try await client.createApp()
            let other = try await client.createApp(#"{"name": "Other", "domains": [{"host": "other.example", "role": "primary"}]}"#)
            #expect(try await client.send(.get, "/v1/apps/\(other.id)/stats", bearer: mine.secretKey).status == .notFound)
            #expect(try await client.send(.get, "/v1/apps/\(mine.id)/stats").status == .unauthorized)
            #expect(
                try await client.send(.get, "/v1/apps/\(mine.id)/stats", bearer: TestServer.adminToken).status == .ok, "the admin token is an owner")
        }
    }
}
