import Foundation
import ShopSample
import Testing

@testable import Unilink

/// The sample app's session, driven as iOS would drive it: first launch waiting for
/// consent, then links of every kind and an OAuth callback.
@Suite("The sample app")
struct SampleAppTests {
    @MainActor
    @Test(.timeLimit(.minutes(1)))
    func theSampleAppOpensScreensFromLinksAndPassesOtherURLsOn() async throws {
        let transport = SDKDeliveryTests.resolving(["Aaaaaa1": "/u/1", "Bbbbbb2": "/p/shoes"])
        var configuration = Fixture.configuration
        configuration.waitsForConsent = true
        let unilink = Fixture.sdk(transport, configuration: configuration)
        let session = ShopSession(unilink: unilink)
        // All the SDK began at launch that may use the network has finished (or there is none).
        _ = await unilink.runningDeferredCheck?.value
        #expect(transport.paths.isEmpty, "nothing is sent before the privacy notice")
        session.userAgreedToPrivacyNotice()
        let deferred = try #require(unilink.runningDeferredCheck, "consent starts the deferred check")
        _ = await deferred.value  // delivered, to the session too
        #expect(session.screen == .profile(7), "the deferred link opens its screen")
        await session.open(URL(string: "https://exm.pl/Bbbbbb2")!)
        #expect(session.screen == .product("shoes"))
        await session.open(URL(string: "https://accounts.example/oauth/callback?code=x")!)
        #expect(session.passedOn == [URL(string: "https://accounts.example/oauth/callback?code=x")!])
        #expect(session.screen == .product("shoes"))
        // The session records from tasks of its own: wait for the two requests.
        let events = await transport.requests(to: "/v1/sdk/events", count: 2)
        #expect(events.map { $0.json["type"] as? String ?? "-" }.sorted() == ["install", "open"], "an install and an open were recorded")
    }
}
