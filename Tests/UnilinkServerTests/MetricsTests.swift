import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkServer

@Suite("Prometheus metrics")
struct MetricsTests {
    @Test func clicksAreCountedByOutcomeAndPlatform() async throws {
        try await TestServer.run(.live) { client in
            let app = try await client.createApp()
            _ = try await client.createLink(#"{"path": "/u/1", "alias": "m"}"#, app: app)
            try await client.send(.get, "/m", host: "exm.pl", userAgent: UA.iPhoneSafari)
            try await client.send(.get, "/m", host: "exm.pl", userAgent: UA.iPhoneSafari)
            try await client.send(.get, "/m", host: "exm.pl", userAgent: UA.facebookCrawler)
            let metrics = try await client.send(.get, "/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.text.contains(#"unilink_clicks_total{outcome="preview",platform="ios"} 2"#))
            #expect(metrics.text.contains(#"unilink_clicks_total{outcome="not_counted",platform="other"} 1"#))
            #expect(metrics.text.contains("unilink_click_queue_depth"))
            #expect(metrics.text.contains("unilink_click_queue_bytes"))
            // The link clicked is held in memory, charged by its estimated size.
            #expect(metrics.text.contains("unilink_link_cache_entries 1"))
            #expect(metrics.text.contains("unilink_link_cache_bytes "))
            #expect(!metrics.text.contains("unilink_link_cache_bytes 0\n"))
            // The internet reaching the server through a proxy on this machine is not a local scraper.
            let proxied = try await client.send(.get, "/metrics", address: "203.0.113.5")
            #expect(proxied.status == .notFound)
        }
    }

    @Test func aConfiguredTokenIsRequired() async throws {
        var settings = TestServer.settings()
        settings.metricsToken = "metrics-token-0123456789"
        try await TestServer.run(.live, settings: settings) { client in
            let anonymous = try await client.send(.get, "/metrics")
            #expect(anonymous.status == .notFound, "a local peer needs the token once one is configured")
            let wrong = try await client.send(.get, "/metrics", bearer: "wrong-token")
            #expect(wrong.status == .notFound)
            let right = try await client.send(.get, "/metrics", bearer: "metrics-token-0123456789")
            #expect(right.status == .ok)
        }
    }
}
