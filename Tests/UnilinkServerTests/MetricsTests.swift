import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Prometheus metrics")
struct MetricsTests {
    @Test func clicksAreCountedByOutcomeAndPlatform() async throws {
        try await TestServer.run { client in
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
        }
    }
}
