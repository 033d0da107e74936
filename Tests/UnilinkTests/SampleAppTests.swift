import Foundation
import ShopSample
import Testing
@testable import Unilink

/// The sample app's session, driven as iOS would drive it: first launch waiting for
/// consent, then links of every kind and an OAuth callback.
@Suite("The sample app")
struct SampleAppTests {
    @MainActor
    @Test func theSampleAppOpensScreensFromLinksAndPassesOtherURLsOn() async throws {
        let transport = SDKDeliveryTests.resolving(["Aaaaaa1": "/u/1", "Bbbbbb2": "/p/shoes"])
        var configuration = Fixture.configuration
        configuration.waitsForConsent = true
        let unilink = Fixture.sdk(transport, configuration: configuration)
        var results = unilink.results.makeAsyncIterator()
        let session = ShopSession(unilink: unilink)
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(transport.paths.isEmpty, "nothing is sent before the privacy notice")
        session.userAgreedToPrivacyNotice()
        _ = await results.next()
        #expect(session.screen == .profile(7), "the deferred link opens its screen")
        await session.open(URL(string: "https://exm.pl/Bbbbbb2")!)
        #expect(session.screen == .product("shoes"))
        await session.open(URL(string: "https://accounts.example/oauth/callback?code=x")!)
        #expect(session.passedOn == [URL(string: "https://accounts.example/oauth/callback?code=x")!])
        #expect(session.screen == .product("shoes"))
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(transport.paths.filter { $0 == "/v1/sdk/events" }.count == 2, "an install and an open were recorded")
    }
}
