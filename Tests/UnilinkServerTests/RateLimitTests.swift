import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkAPI
import UnilinkCore

@testable import UnilinkServer

@Suite("Rate limits")
struct RateLimitTests {
    static func settings(_ limits: String) throws -> ServerSettings {
        var settings = TestServer.settings()
        settings.rateLimits = try RateLimits(limits)
        return settings
    }

    /// Someone behind a carrier NAT calling the deferred endpoint in a loop, with the
    /// app's public key, to harvest other people's links: stopped at the limit, while
    /// another address and the association file are untouched. The window is an hour, so
    /// no request refills before the fourth however slow the machine is.
    @Test func theDeferredEndpointStopsAHarvester() async throws {
        try await TestServer.run(.live, settings: try Self.settings("deferred=3/3600")) { client in
            let (app, _) = try await DeferredTests.setUp(client)
            let start = ContinuousClock.now
            for index in 0..<3 {
                let response = try await DeferredTests.deferred(client, app: app, install: "install-harvest-\(index)", address: "198.51.100.50")
                #expect(response.status == .ok)
                #expect(response.headers[RateLimitMiddleware.policyField] == #""deferred";q=3;w=3600"#)
                #expect(response.headers[RateLimitMiddleware.limitField]?.hasPrefix(#""deferred";r=\#(2 - index);t="#) == true)
            }
            let refused = try await DeferredTests.deferred(client, app: app, install: "install-harvest-9", address: "198.51.100.50")
            #expect(refused.status == .tooManyRequests)
            // One more request is allowed a window / quota (1200 s) after the first, less the
            // time these took on a busy machine.
            let elapsed = Int(start.duration(to: .now).components.seconds)
            #expect((1199 - elapsed...1200).contains(Int(refused.headers[.retryAfter] ?? "") ?? 0), "one more request after window / quota")
            #expect(refused.text.contains("rate_limited"))
            let neighbour = try await DeferredTests.deferred(client, app: app, install: "install-other-1", address: "198.51.100.51")
            #expect(neighbour.status == .ok)
            for _ in 0..<10 {
                let aasa = try await client.send(.get, "/.well-known/apple-app-site-association", host: "link.example.com", address: "198.51.100.50")
                #expect(aasa.status == .ok)
            }
        }
    }

    /// A click past the limit is refused with when to retry; a click within it carries no
    /// API rate fields. The hour's window keeps a slow machine from refilling a token.
    @Test func clicksAreLimitedPerAddressWithoutAPIFields() async throws {
        try await TestServer.run(.live, settings: try Self.settings("clicks=5/3600")) { client in
            let app = try await client.createApp()
            _ = try await client.createLink(#"{"path": "/u/1", "alias": "one"}"#, app: app)
            for _ in 0..<5 {
                let click = try await client.send(.get, "/one", host: "exm.pl", userAgent: UA.windowsChrome, address: "203.0.113.9")
                #expect(click.status == .found)
                #expect(click.headers[RateLimitMiddleware.limitField] == nil)
            }
            let refused = try await client.send(.get, "/one", host: "exm.pl", userAgent: UA.windowsChrome, address: "203.0.113.9")
            #expect(refused.status == .tooManyRequests)
            #expect((1...720).contains(Int(refused.headers[.retryAfter] ?? "") ?? 0))
        }
    }

    @Test func limitsAreConfiguredWithClearErrors() throws {
        #expect(try RateLimits("sdk=10/1").policy(.sdk) == .init(name: "sdk", quota: 10, window: 1))
        #expect(try RateLimits(nil).policy(.deferred) == .init(name: "deferred", quota: 30, window: 60))
        #expect(throws: SettingsError.self) { try RateLimits("party=1/1") }
        #expect(throws: SettingsError.self) { try RateLimits("sdk=fast") }
    }
}
