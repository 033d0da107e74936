import Foundation
import Synchronization
import Testing

@testable import Unilink

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("The SDK on its own")
struct SDKTests {
    @Test func longAndSchemeLinksDecodeOnTheDevice() throws {
        let sdk = Fixture.sdk(ScriptedTransport { _, _ in ScriptedTransport.json("{}") })
        let long = try #require(
            sdk.decodeLocally(URL(string: "https://link.example.com/u/42?deep_link_value=user&deep_link_sub2=blue&ref=mail&ul_code=Ab3xK9p")!))
        #expect(long.path == "/u/42")
        #expect(long.deepLinkValue == "user")
        #expect(long.deepLinkSub2 == "blue")
        #expect(long[sub: 2] == "blue")
        #expect(long.clickEvent == ["ref": "mail"])
        #expect(long.isProvisional)
        // What the server adds for its own routing (the A/B variant, the click) is not the link's.
        let carried = try #require(
            sdk.decodeLocally(
                URL(
                    string: "https://link.example.com/u/42?ref=mail&ul_click=abc&ul_ab=b&ul_rule=app.2&ul_touch=1&ul_escaped=1&openExternalBrowser=1")!
            ))
        #expect(carried.clickEvent == ["ref": "mail"])
        let scheme = try #require(sdk.decodeLocally(URL(string: "shop://u/42?deep_link_value=user")!))
        #expect(scheme.path == "/u/42")
        #expect(sdk.decodeLocally(URL(string: "https://exm.pl/Ab3xK9p")!) == nil)
        #expect(sdk.decodeLocally(URL(string: "https://elsewhere.example/u/42")!) == nil)
    }

    @MainActor
    @Test func routesTakeTypedParametersAndCanOpenFollowsThem() throws {
        let sdk = Fixture.sdk(ScriptedTransport { _, _ in ScriptedTransport.json("{}") })
        let opened = Mutex<[Int]>([])
        sdk.router.register("/u/:id") { match in opened.withLock { $0.append(match.int("id") ?? -1) } }
        sdk.router.register("/p/:slug/reviews") { _ in }
        sdk.router.register("/help/*") { _ in }
        #expect(sdk.canOpen(url: URL(string: "https://link.example.com/u/42")!))
        #expect(sdk.canOpen(url: URL(string: "https://open.example.com/p/shoes/reviews?x=1")!))
        #expect(sdk.canOpen(url: URL(string: "https://link.example.com/help/a/b")!))
        #expect(sdk.canOpen(url: URL(string: "shop://u/7")!))
        #expect(sdk.canOpen(url: URL(string: "https://exm.pl/Ab3xK9p")!), "short links are resolved by the server")
        #expect(!sdk.canOpen(url: URL(string: "https://link.example.com/new-feature/1")!))
        #expect(!sdk.canOpen(url: URL(string: "https://link.example.com/u/42/extra")!))
        #expect(!sdk.canOpen(url: URL(string: "https://elsewhere.example/u/42")!))
        let link = try #require(sdk.decodeLocally(URL(string: "https://link.example.com/u/42")!))
        #expect(sdk.router.route(link))
        #expect(opened.withLock { $0 } == [42])
        #expect(sdk.router.match(path: "/u/abc")?.int("id") == nil)
    }

    @MainActor
    @Test func eachLinkEventGivesOneResultEverywhere() async throws {
        let transport = ScriptedTransport { _, _ in ScriptedTransport.json(Fixture.found) }
        let sdk = Fixture.sdk(transport)
        let delegate = CountingDelegate()
        sdk.delegate = delegate
        var iterator = sdk.results.makeAsyncIterator()
        let url = URL(string: "https://exm.pl/Ab3xK9p")!
        let first = await sdk.handle(url: url)
        let repeated = await sdk.handle(url: url)
        #expect(first.status == .found)
        #expect(first.deepLink?.deepLinkValue == "user")
        #expect(first.deepLink?.deepLinkSub1 == "42")
        #expect(repeated.deepLink == first.deepLink, "the same tap delivered twice by iOS is one event with one answer")
        #expect(transport.paths == ["/v1/sdk/resolve"])
        #expect(delegate.count == 1)
        let streamed = await iterator.next()
        #expect(streamed?.deepLink?.path == "/u/42")
        // iOS handing one tap to two callbacks at once: one question, one delivery, one answer for both.
        let twice = URL(string: "https://exm.pl/Twice12")!
        async let one = sdk.handle(url: twice)
        async let two = sdk.handle(url: twice)
        let (a, b) = await (one, two)
        #expect(a.deepLink == b.deepLink && transport.paths.count == 2 && delegate.count == 2)
        _ = await iterator.next()
        // Not one of the app's URLs (an OAuth callback): ignored, said so, nothing asked or delivered.
        let foreign = await sdk.handle(url: URL(string: "https://accounts.example/callback?code=1")!)
        #expect(foreign.status == .ignored)
        #expect(await sdk.handle(url: URL(string: "otherapp://x")!).status == .ignored)
        #expect(transport.paths.count == 2)
        #expect(delegate.count == 2)
        _ = await sdk.handle(url: URL(string: "https://exm.pl/Other12")!)
        #expect(delegate.count == 3)
        #expect(await iterator.next()?.deepLink != nil, "the next streamed result is the next event, not the repeat or the ignored URLs")
    }

    @Test func longLinksStayUsableWhenTheServerIsUnreachable() async throws {
        let transport = ScriptedTransport { _, _ in throw URLError(.notConnectedToInternet) }
        let sdk = Fixture.sdk(transport)
        let result = await sdk.handle(url: URL(string: "https://link.example.com/u/9?deep_link_value=user")!)
        #expect(result.status == .found)
        #expect(result.deepLink?.isProvisional == true)
        #expect(result.error != nil)
        #expect(transport.paths.count == Fixture.configuration.maxAttempts)
        let short = await sdk.handle(url: URL(string: "https://exm.pl/Ab3xK9p")!)
        #expect(short.status == .failure)
    }

    @Test func transientFailuresAreRetriedAndClientErrorsAreNot() async throws {
        let attempts = Mutex(0)
        let flaky = ScriptedTransport { _, _ in
            let attempt = attempts.withLock {
                $0 += 1; return $0
            }
            return attempt < 3
                ? ScriptedTransport.json(#"{"error": {"code": "internal", "message": "x"}}"#, status: 503) : ScriptedTransport.json(Fixture.found)
        }
        #expect(await Fixture.sdk(flaky).handle(url: URL(string: "https://exm.pl/Ab3xK9p")!).status == .found)
        #expect(flaky.paths.count == 3)
        let refused = ScriptedTransport { _, _ in ScriptedTransport.json(#"{"error": {"code": "unauthorized", "message": "bad key"}}"#, status: 401) }
        let result = await Fixture.sdk(refused).handle(url: URL(string: "https://exm.pl/Ab3xK9p")!)
        #expect(result.status == .failure)
        #expect((result.error as? UnilinkServerError)?.code == "unauthorized")
        #expect(refused.paths.count == 1)
    }

    @Test func theDeferredCheckHappensOncePerInstallAndSurvivesRelaunch() async throws {
        let storage = MemoryStorage()
        let transport = ScriptedTransport { _, _ in ScriptedTransport.json(Fixture.deferredFound) }
        let sdk = Fixture.sdk(transport, storage: storage)
        async let a = sdk.checkDeferredDeepLink()
        async let b = sdk.checkDeferredDeepLink()
        let (first, concurrent) = await (a, b)
        #expect(first.status == .found)
        #expect(first.deepLink?.isDeferred == true)
        #expect(first.deepLink?.matchType == .probabilistic)
        #expect(concurrent.deepLink == first.deepLink)
        #expect(transport.paths == ["/v1/sdk/deferred"])
        let relaunched = Fixture.sdk(transport, storage: storage)
        #expect(await relaunched.checkDeferredDeepLink().status == .notFound)
        #expect(transport.paths.count == 1)
        #expect(relaunched.installID == sdk.installID)
    }

    @Test func aFailedDeferredCheckIsTriedAgainOnTheNextLaunch() async throws {
        let storage = MemoryStorage()
        let down = ScriptedTransport { _, _ in throw URLError(.timedOut) }
        #expect(await Fixture.sdk(down, storage: storage).checkDeferredDeepLink().status == .failure)
        let up = ScriptedTransport { _, _ in ScriptedTransport.json(#"{"status": "not_found"}"#) }
        #expect(await Fixture.sdk(up, storage: storage).checkDeferredDeepLink().status == .notFound)
        #expect(up.paths == ["/v1/sdk/deferred"])
    }

    @Test func theDeferredCheckWaitsForConsent() async throws {
        var configuration = Fixture.configuration
        configuration.waitsForConsent = true
        let transport = ScriptedTransport { _, _ in ScriptedTransport.json(Fixture.deferredFound) }
        let sdk = Fixture.sdk(transport, configuration: configuration)
        // What `checkDeferredDeepLink()` awaits, asked for here so that the ask has certainly been made.
        let check = sdk.deferredCheck(.init())
        // All the SDK started that may use the network has finished (or there is none).
        _ = await sdk.runningDeferredCheck?.value
        #expect(transport.paths.isEmpty, "no network before consent")
        sdk.grantNetworkConsent()
        #expect(await check.value.status == .found)
        #expect(transport.paths == ["/v1/sdk/deferred"])
    }

    @Test func theDeferredRequestCarriesTheDeviceAndTokens() async throws {
        let seen = Mutex<Data?>(nil)
        let transport = ScriptedTransport { _, body in
            seen.withLock { $0 = body }
            return ScriptedTransport.json(#"{"status": "not_found"}"#)
        }
        _ = await Fixture.sdk(transport).checkDeferredDeepLink(pasteboardToken: "unilink:abc")
        let body = try #require(seen.withLock { $0 })
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let device = try #require(json["device"] as? [String: Any])
        #expect(device["model"] as? String == "iPhone15,2")
        #expect(device["screen_width"] as? Int == 393)
        #expect(device["screen_scale"] as? Double == 3)
        #expect(device["time_zone"] as? String == "Europe/Berlin")
        #expect(json["pasteboard_token"] as? String == "unilink:abc")
        #expect((json["install_id"] as? String)?.count ?? 0 >= 8)
    }
}

extension SDKTests {
    /// The app says which version it runs; a link that needs a newer one says so, with
    /// the store to update from and the web page to fall back to.
    @Test func aLinkThatNeedsANewerAppSaysWhereToUpdate() async throws {
        let seen = Mutex<Data?>(nil)
        let transport = ScriptedTransport { _, body in
            seen.withLock { $0 = body }
            return ScriptedTransport.json(
                #"{"status": "found", "deep_link": {"url": "https://link.example.com/u/42", "path": "/u/42", "is_deferred": false, "click_event": {}, "min_app_version": "6.0", "requires_update": true, "store_url": "https://apps.apple.com/app/id123456789", "fallback_url": "https://www.example.com/u/42"}}"#
            )
        }
        let result = await Fixture.sdk(transport).handle(url: URL(string: "https://exm.pl/Ab3xK9p")!)
        let body = try #require(seen.withLock { $0 })
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["app_version"] as? String == "5.3.0")
        #expect(json["os"] as? String == "ios")
        let link = try #require(result.deepLink)
        #expect(link.requiresUpdate)
        #expect(link.minAppVersion == "6.0")
        #expect(link.updateURL?.absoluteString == "https://apps.apple.com/app/id123456789")
        #expect(link.fallbackURL?.absoluteString == "https://www.example.com/u/42")
    }

    /// A weak match is a guess below the app's `min_match_confidence`: the SDK asks for one
    /// only when the app accepts them, and an app that did not opt in never receives one,
    /// even from a server that answers one anyway (an older server, a proxy's cache).
    @Test(arguments: [false, true])
    func weakMatchesReachOnlyAppsThatAcceptThem(accepts: Bool) async throws {
        let transport = ScriptedTransport { _, _ in
            ScriptedTransport.json(
                #"{"status": "found", "deep_link": {"url": "https://link.example.com/u/7", "path": "/u/7", "is_deferred": true, "match_type": "weak", "confidence": 0.7, "click_id": "c1", "click_event": {}}}"#
            )
        }
        var configuration = Fixture.configuration
        configuration.acceptsWeakMatches = accepts
        let sdk = Fixture.sdk(transport, configuration: configuration)
        var streamed = sdk.results.makeAsyncIterator()
        let result = await sdk.checkDeferredDeepLink()
        let delivered = try #require(await streamed.next())
        let request = try #require(await transport.requests(to: "/v1/sdk/deferred", count: 1).first)
        #expect((request.json["allow_weak_match"] as? Bool) == (accepts ? true : nil))
        for received in [result, delivered] {
            if accepts {
                #expect(received.status == .found)
                #expect(received.deepLink?.path == "/u/7")
                #expect(received.deepLink?.matchType == .weak)
                #expect(received.deepLink?.confidence == 0.7)
            } else {
                #expect(received.status == .notFound)
                #expect(received.deepLink == nil)
            }
        }
    }
}

/// A main-actor delegate as an app writes one: no `nonisolated`, no locks.
@MainActor
final class CountingDelegate: UnilinkDelegate {
    private(set) var results: [DeepLinkResult] = []
    var count: Int { results.count }

    func unilink(_ unilink: Unilink, didResolveDeepLink result: DeepLinkResult) {
        MainActor.assertIsolated("results are delivered on the main actor")
        results.append(result)
    }
}
