import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkAPI

@testable import UnilinkServer

/// Deferred deep linking through the server: a real loopback server, visitors played
/// from chosen addresses through a trusted X-Forwarded-For.
@Suite("Deferred deep links through the server")
struct DeferredTests {
    static let key = HTTPField.Name("X-Unilink-Key")!

    static func deferred(
        _ client: any TestClientProtocol, app: CreatedApp, install: String, address: String, os: AppPlatform = .ios,
        osVersion: String = "18.1", screen: (Int, Int, Double)? = (1179, 2556, 3), timeZone: String? = "Europe/Berlin",
        referrer: String? = nil, token: String? = nil, allowWeak: Bool? = nil
    ) async throws -> TestResponse {
        let request = DeferredRequest(
            installID: install, appVersion: "5.3.0",
            device: .init(
                os: os, osVersion: osVersion, model: "iPhone15,2", screenWidth: screen?.0, screenHeight: screen?.1,
                screenScale: screen?.2, languages: ["de-DE"], timeZone: timeZone),
            installReferrer: referrer, pasteboardToken: token, allowWeakMatch: allowWeak
        )
        let json = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        return try await client.send(.post, "/v1/sdk/deferred", json: json, address: address, headers: [key: app.publishableKey])
    }

    /// Clicks as an iPhone from `address`, posts the page's signals and, as most people who
    /// install do, taps the page's button to the store; returns the click id.
    static func click(
        _ client: any TestClientProtocol, path: String = "/anna", address: String, ua: String = UA.iPhoneSafari,
        signals: String? = #"{"screen_width": 393, "screen_height": 852, "screen_scale": 3, "time_zone": "Europe/Berlin", "languages": ["de-DE"]}"#,
        tapsStore: Bool = true
    ) async throws -> String {
        let page = try await client.send(.get, path, host: "exm.pl", userAgent: ua, address: address, headers: [.acceptLanguage: "de-DE"]).text
        let clickID = String(try #require(page.firstMatch(of: /name="unilink:click-id" content="([A-Za-z0-9]{22})"/)?.1))
        if let signals {
            let response = try await client.send(.post, "/v1/clicks/\(clickID)/signals", json: signals)
            #expect(response.status == .noContent, "\(response.text)")
        }
        if tapsStore {
            let button = try #require(page.firstMatch(of: /id="open" href="https?:\/\/([^\/"]+)([^"]*)"/))
            let store = try await client.send(
                .get, String(button.2).replacingOccurrences(of: "&amp;", with: "&"), host: String(button.1),
                userAgent: ua, address: address, headers: [.acceptLanguage: "de-DE"])
            #expect(store.status == .found, "\(store.text)")
        }
        return clickID
    }

    static func setUp(_ client: any TestClientProtocol) async throws -> (CreatedApp, LinkBody) {
        let app = try await client.createApp(TestServer.shopApp.replacingOccurrences(of: #""paths""#, with: #""pasteboard_token": true, "paths""#))
        let link = try await client.createLink(
            """
            {"path": "/u/42", "deep_link_value": "user", "deep_link_sub1": "42", "alias": "anna", "ref": "share",
             "campaign": {"channel": "email", "campaign": "likes", "source": "newsletter"}}
            """, app: app)
        return (app, link)
    }

    @Test func aMatchingFirstLaunchGetsTheContentOnlyAndOnlyOnce() async throws {
        try await TestServer.run(.live) { client in
            let (app, _) = try await Self.setUp(client)
            let clickID = try await Self.click(client, address: "198.51.100.7")
            let first = try await Self.deferred(client, app: app, install: "install-aaaa-1", address: "198.51.100.7").decode(DeepLinkResultBody.self)
            #expect(first.status == .found)
            let link = try #require(first.deepLink)
            #expect(link.isDeferred)
            #expect(link.matchType == .probabilistic)
            #expect(link.clickID == clickID)
            #expect(link.path == "/u/42")
            #expect(link.deepLinkValue == "user")
            #expect(link.deepLinkSubs[1] == "42")
            #expect(link.clickEvent == ["deep_link_value": "user", "deep_link_sub1": "42"])
            #expect(!link.url.contains("share") && !link.url.contains("email") && !link.url.contains("ul_code"))
            let retry = try await Self.deferred(client, app: app, install: "install-aaaa-1", address: "203.0.113.99").decode(DeepLinkResultBody.self)
            #expect(retry == first)
            let second = try await Self.deferred(client, app: app, install: "install-bbbb-2", address: "198.51.100.7").decode(DeepLinkResultBody.self)
            #expect(second.status == .notFound)
        }
    }

    /// A retry gets the install's first answer, though a click that would match came since:
    /// the click the retry's own match took is given back, and the next install gets it.
    @Test func aRetryKeepsItsFirstAnswerAndTakesNoClick() async throws {
        try await TestServer.run(.live) { client in
            let (app, _) = try await Self.setUp(client)
            let first = try await Self.deferred(client, app: app, install: "install-eeee-5", address: "198.51.100.7").decode(DeepLinkResultBody.self)
            #expect(first.status == .notFound)
            let clickID = try await Self.click(client, address: "198.51.100.7")
            let retry = try await Self.deferred(client, app: app, install: "install-eeee-5", address: "198.51.100.7").decode(DeepLinkResultBody.self)
            #expect(retry == first)
            let next = try await Self.deferred(client, app: app, install: "install-ffff-6", address: "198.51.100.7").decode(DeepLinkResultBody.self)
            #expect(next.status == .found && next.deepLink?.clickID == clickID)
        }
    }

    @Test func aFirstLaunchFromElsewhereGetsNothing() async throws {
        try await TestServer.run(.live) { client in
            let (app, _) = try await Self.setUp(client)
            _ = try await Self.click(client, address: "198.51.100.7")
            let other = try await Self.deferred(client, app: app, install: "install-cccc-3", address: "192.0.2.50").decode(DeepLinkResultBody.self)
            #expect(other.status == .notFound)
            #expect(other.deepLink == nil)
            let otherDevice = try await Self.deferred(client, app: app, install: "install-dddd-4", address: "198.51.100.7", screen: (750, 1334, 2))
            #expect(try otherDevice.decode(DeepLinkResultBody.self).status == .notFound)
        }
    }

    @Test func twoClickersBehindOneAddressWithTheSamePhoneGetNothing() async throws {
        try await TestServer.run(.live) { client in
            let (app, _) = try await Self.setUp(client)
            _ = try await Self.click(client, address: "198.51.100.7")
            _ = try await Self.click(client, address: "198.51.100.7")
            let result = try await Self.deferred(client, app: app, install: "install-eeee-5", address: "198.51.100.7").decode(DeepLinkResultBody.self)
            #expect(result.status == .notFound)
        }
    }

    @Test func theAndroidReferrerAndThePasteboardTokenAreExact() async throws {
        try await TestServer.run(.live) { client in
            let (app, link) = try await Self.setUp(client)
            let android = try await Self.click(client, address: "198.51.100.8", ua: UA.androidChrome, signals: nil)
            let byReferrer = try await Self.deferred(
                client, app: app, install: "install-ffff-6", address: "192.0.2.1", os: .android, osVersion: "10",
                screen: nil, timeZone: nil, referrer: "utm_source=unilink&ul_click=\(android)")
            let found = try byReferrer.decode(DeepLinkResultBody.self)
            #expect(found.deepLink?.matchType == .deterministic)
            #expect(found.deepLink?.confidence == 1)
            #expect(found.deepLink?.clickID == android)
            let page = try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.iPhoneSafari, address: "198.51.100.9").text
            let token = String(try #require(page.firstMatch(of: /data-token="(unilink:[A-Za-z0-9]{22})"/)?.1))
            let byToken = try await Self.deferred(client, app: app, install: "install-gggg-7", address: "192.0.2.2", token: token).decode(
                DeepLinkResultBody.self)
            #expect(byToken.deepLink?.matchType == .deterministic)
            let reused = try await Self.deferred(client, app: app, install: "install-hhhh-8", address: "192.0.2.3", token: token).decode(
                DeepLinkResultBody.self)
            #expect(reused.status == .notFound)
            // An install is stored with the answer that matched it, before the answer is sent.
            let stats = try await client.send(.get, "/v1/links/\(try #require(link.id))/stats", bearer: app.secretKey).decode(LinkStats.self)
            #expect(stats.installs == 2)
            // The app's SDK then reports the install it was matched for (the iOS quick start
            // does): accepted, and still one install; an install of another id counts.
            for install in ["install-ffff-6", "install-gggg-7", "install-ffff-6"] {
                let again = #"{"install_id": "\#(install)", "type": "install", "click_id": "\#(android)"}"#
                #expect(try await client.send(.post, "/v1/sdk/events", json: again, headers: [Self.key: app.publishableKey]).status == .accepted)
            }
            let counted = try await client.send(.get, "/v1/links/\(try #require(link.id))/stats", bearer: app.secretKey).decode(LinkStats.self)
            #expect(counted.installs == 2)
            let another = #"{"install_id": "install-ffff-60", "type": "install", "click_id": "\#(android)"}"#
            #expect(try await client.send(.post, "/v1/sdk/events", json: another, headers: [Self.key: app.publishableKey]).status == .accepted)
            let more = try await client.send(.get, "/v1/links/\(try #require(link.id))/stats", bearer: app.secretKey).decode(LinkStats.self)
            #expect(more.installs == 3)
        }
    }

    @Test func opensAndCustomEventsAreCountedPerLink() async throws {
        try await TestServer.run(.live) { client in
            let (app, link) = try await Self.setUp(client)
            let id = try #require(link.id)
            let body = #"{"install_id": "install-iiii-9", "type": "open", "link_id": "\#(id)"}"#
            #expect(try await client.send(.post, "/v1/sdk/events", json: body, headers: [Self.key: app.publishableKey]).status == .accepted)
            for name in ["purchase", "purchase", "sign_up"] {
                let custom = #"{"install_id": "install-iiii-9", "type": "custom", "name": "\#(name)", "link_id": "\#(id)"}"#
                #expect(try await client.send(.post, "/v1/sdk/events", json: custom, headers: [Self.key: app.publishableKey]).status == .accepted)
            }
            let stats = try await client.send(.get, "/v1/links/\(id)/stats", bearer: app.secretKey).decode(LinkStats.self)
            #expect(stats.opens == 1)
            #expect(stats.customEvents == ["purchase": 2, "sign_up": 1], "custom events are counted by their name")
            let appStats = try await client.send(.get, "/v1/apps/\(app.id)/stats", bearer: app.secretKey).decode(AppStats.self)
            #expect(appStats.customEvents == ["purchase": 2, "sign_up": 1] && appStats.opens == 1)
            let bad = try await client.send(
                .post, "/v1/sdk/events", json: #"{"install_id": "install-iiii-9", "type": "party"}"#, headers: [Self.key: app.publishableKey])
            #expect(bad.status == .badRequest)
            let unnamed = try await client.send(
                .post, "/v1/sdk/events", json: #"{"install_id": "install-iiii-9", "type": "custom", "name": ""}"#,
                headers: [Self.key: app.publishableKey])
            #expect(unnamed.status == .unprocessableContent && unnamed.errorCode == "event_name_required", "\(unnamed.text)")
        }
    }

    @Test func badInputIsRefusedWithoutDisturbingPendingClicks() async throws {
        try await TestServer.run(.live) { client in
            let (app, _) = try await Self.setUp(client)
            let clickID = try await Self.click(client, address: "198.51.100.7", signals: nil)
            let signals = "/v1/clicks/\(clickID)/signals"
            #expect(try await client.send(.post, "/v1/clicks/AAAAAAAAAAAAAAAAAAAAAA/signals", json: "{}").status == .notFound)
            #expect(try await client.send(.post, "/v1/clicks/short/signals", json: "{}").status == .notFound)
            #expect(try await client.send(.post, signals, json: #"{"screen_width": "wide"}"#).status == .badRequest)
            #expect(try await client.send(.post, signals, json: #"{"screen_width": -4}"#).status == .badRequest)
            #expect(try await client.send(.post, signals, json: #"{"time_zone": "<script>"}"#).status == .badRequest)
            let huge = #"{"languages": ["\#(String(repeating: "x", count: 5000))"]}"#
            #expect(try await client.send(.post, signals, json: huge).status == .contentTooLarge)
            let good = #"{"screen_width": 393, "screen_height": 852, "screen_scale": 3, "time_zone": "Europe/Berlin"}"#
            #expect(try await client.send(.post, signals, json: good).status == .noContent)
            #expect(try await client.send(.post, signals, json: good).status == .conflict)
            #expect(try await Self.deferred(client, app: app, install: "short", address: "198.51.100.7").status == .badRequest)
            let noKey = try await client.send(.post, "/v1/sdk/deferred", json: #"{"install_id": "install-jjjj-10", "device": {"os": "ios"}}"#)
            #expect(noKey.status == .unauthorized)
            let wrongOS = try await client.send(
                .post, "/v1/sdk/deferred", json: #"{"install_id": "install-jjjj-10", "device": {"os": "symbian"}}"#,
                headers: [Self.key: app.publishableKey])
            #expect(wrongOS.status == .badRequest)
            let malformed = try await client.send(.post, "/v1/sdk/deferred", json: #"{"install_id": 5}"#, headers: [Self.key: app.publishableKey])
            #expect(malformed.status == .badRequest)
            let result = try await Self.deferred(client, app: app, install: "install-kkkk-11", address: "198.51.100.7").decode(
                DeepLinkResultBody.self)
            #expect(result.deepLink?.clickID == clickID)
        }
    }

    /// A click that stopped at the preview, from a page whose script did not run, and an
    /// install from another address of its /24: the network and the iOS version agree,
    /// nothing vouches for this phone.
    @Test func aWeakMatchIsGivenOnlyToAnSDKThatAsksAndOnlyOnce() async throws {
        try await TestServer.run(.live) { client in
            let (app, _) = try await Self.setUp(client)
            let clickID = try await Self.click(client, address: "198.51.100.20", signals: nil, tapsStore: false)
            let plain = try await Self.deferred(client, app: app, install: "install-weak-1", address: "198.51.100.120").decode(
                DeepLinkResultBody.self)
            #expect(plain.status == .notFound)
            let asked = try await Self.deferred(client, app: app, install: "install-weak-2", address: "198.51.100.120", allowWeak: true).decode(
                DeepLinkResultBody.self)
            #expect(asked.deepLink?.matchType == .weak)
            #expect(asked.deepLink?.clickID == clickID)
            let confidence = try #require(asked.deepLink?.confidence)
            #expect(confidence >= 0.5 && confidence < 0.9)
            let again = try await Self.deferred(client, app: app, install: "install-weak-3", address: "198.51.100.120", allowWeak: true).decode(
                DeepLinkResultBody.self)
            #expect(again.status == .notFound)
            // At the click's own address, a household's: the iOS version and the language
            // agreeing are no confident answer either (housemates' iPhones run one version),
            // without the page's signals or the store tap beside them.
            let home = try await Self.click(client, address: "198.51.100.40", signals: nil, tapsStore: false)
            let homePlain = try await Self.deferred(client, app: app, install: "install-weak-4", address: "198.51.100.40").decode(
                DeepLinkResultBody.self)
            #expect(homePlain.status == .notFound, "\(homePlain)")
            let homeAsked = try await Self.deferred(client, app: app, install: "install-weak-5", address: "198.51.100.40", allowWeak: true).decode(
                DeepLinkResultBody.self)
            #expect(homeAsked.deepLink?.matchType == .weak && homeAsked.deepLink?.clickID == home, "\(homeAsked)")
        }
    }

    /// An unwritable evidence log (a folder that does not exist, a full disk) is warned about
    /// and given up; the server goes on answering.
    @Test(arguments: ["/nonexistent-unilink-folder/evidence.jsonl", "/dev/full"])
    func anEvidenceLogThatCannotBeWrittenNeverStopsTheServer(path: String) async throws {
        if path == "/dev/full" && !FileManager.default.isWritableFile(atPath: path) { return }
        var settings = TestServer.settings()
        settings.deferredEvidenceLog = path
        try await TestServer.run(.live, settings: settings) { client in
            let (app, _) = try await Self.setUp(client)
            for (index, address) in ["198.51.100.60", "198.51.100.61"].enumerated() {
                let clickID = try await Self.click(client, address: address)
                let found = try await Self.deferred(client, app: app, install: "install-unlogged-\(index)", address: address).decode(
                    DeepLinkResultBody.self)
                #expect(found.deepLink?.clickID == clickID)
            }
        }
    }

    /// With `UNILINK_DEFERRED_EVIDENCE_LOG`, each first launch the model weighed leaves one
    /// line: the install, the click it was given, and each candidate's terms, which add up to
    /// what the model weighed; a launch matched by its referrer leaves none.
    @Test func theEvidenceLogListsEachCandidatesTerms() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var settings = TestServer.settings()
        settings.deferredEvidenceLog = path
        try await TestServer.run(.live, settings: settings) { client in
            let (app, _) = try await Self.setUp(client)
            let clickID = try await Self.click(client, address: "198.51.100.60")
            let found = try await Self.deferred(client, app: app, install: "install-evidence-1", address: "198.51.100.60").decode(
                DeepLinkResultBody.self)
            #expect(found.deepLink?.clickID == clickID)
            let byReferrer = try await Self.click(client, address: "198.51.100.61", ua: UA.androidChrome)
            let exact = try await Self.deferred(
                client, app: app, install: "install-evidence-2", address: "198.51.100.99", os: .android, osVersion: "10",
                referrer: "ul_click=\(byReferrer)"
            ).decode(DeepLinkResultBody.self)
            #expect(exact.deepLink?.matchType == .deterministic)
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let line = try JSONSerialization.jsonObject(with: Data(try #require(lines.first).utf8)) as? [String: Any]
        #expect(line?["install_id"] as? String == "install-evidence-1")
        let candidates = try #require(line?["candidates"] as? [[String: Any]])
        #expect(candidates.count == 1)
        let terms = try #require(candidates.first?["terms"] as? [String: Double])
        #expect(terms["sameAddress"] == 1 && terms["prior"] == 1 && terms["reachedStore"] == 1 && terms["householdOSVersion"] == 1)
        #expect(line?["answer"] as? String == candidates.first?["click_id"] as? String)
    }

    @Test func eachAppSetsHowSureAMatchMustBe() async throws {
        try await TestServer.run(.live) { client in
            let (app, _) = try await Self.setUp(client)
            let uri = "/v1/apps/\(app.id)"
            for bad in [#"{"min_match_confidence": 0.3}"#, #"{"min_match_confidence": 1.5}"#, #"{"min_match_confidence": "high"}"#] {
                let response = try await client.send(.patch, uri, json: bad, bearer: TestServer.adminToken)
                #expect(response.status == .badRequest, "\(bad)")
                #expect(response.text.contains("min_match_confidence"), "\(response.text)")
            }
            let unchanged = try await client.send(.get, uri, bearer: TestServer.adminToken).decode(AppBody.self)
            #expect(unchanged.minMatchConfidence == 0.95, "the default, as the API says")
            // A click that stopped at the preview, without its page's signals, at an address where
            // another iPhone (iOS 17.6) clicked too: the version agrees, it is likely, not 0.9 sure.
            _ = try await Self.click(client, address: "198.51.100.21", ua: UA.weiboIOS, signals: nil, tapsStore: false)
            let clickID = try await Self.click(client, address: "198.51.100.21", signals: nil, tapsStore: false)
            let unsure = try await Self.deferred(client, app: app, install: "install-conf-0", address: "198.51.100.21", allowWeak: true).decode(
                DeepLinkResultBody.self)
            #expect(unsure.deepLink?.matchType == .weak && (0.6..<0.9).contains(unsure.deepLink?.confidence ?? 0), "\(unsure)")
            let lowered = try await client.send(.patch, uri, json: #"{"min_match_confidence": 0.6}"#, bearer: TestServer.adminToken)
            #expect(try lowered.decode(AppBody.self).minMatchConfidence == 0.6)
            // However low the bar, a household's click known by its iOS version alone (no page
            // signals, no store tap) stays weak: housemates' iPhones run one version.
            let bare = try await Self.click(client, address: "198.51.100.23", signals: nil, tapsStore: false)
            let onlyVersion = try await Self.deferred(client, app: app, install: "install-conf-2", address: "198.51.100.23", allowWeak: true).decode(
                DeepLinkResultBody.self)
            #expect(onlyVersion.deepLink?.clickID == bare && onlyVersion.deepLink?.matchType == .weak, "\(onlyVersion)")
            #expect((onlyVersion.deepLink?.confidence ?? 0) >= 0.6, "\(onlyVersion)")
            // The page's zone and languages beside the version vouch for it.
            _ = try await Self.click(client, address: "198.51.100.22", ua: UA.weiboIOS, signals: nil, tapsStore: false)
            let again = try await Self.click(
                client, address: "198.51.100.22", signals: #"{"time_zone": "Europe/Berlin", "languages": ["de-DE"]}"#, tapsStore: false)
            let found = try await Self.deferred(client, app: app, install: "install-conf-1", address: "198.51.100.22").decode(DeepLinkResultBody.self)
            #expect(found.deepLink?.matchType == .probabilistic)
            #expect(found.deepLink?.clickID == again && again != clickID)
        }
    }

    /// A first launch with a 0 px screen and a time zone no database knows: answered, not
    /// refused; the click whose screen and zone those would contradict is still found, and
    /// each signal dropped is counted by name.
    @Test func impossibleSignalsAreIgnoredAndCountedNeverRefused() async throws {
        try await TestServer.run(.live) { client in
            let (app, _) = try await Self.setUp(client)
            let clickID = try await Self.click(client, address: "198.51.100.30")
            let answer = try await Self.deferred(
                client, app: app, install: "install-odd-1", address: "198.51.100.30", screen: (0, 0, 3), timeZone: "Mars/Olympus_Mons")
            #expect(answer.status == .ok, "\(answer.text)")
            #expect(try answer.decode(DeepLinkResultBody.self).deepLink?.clickID == clickID)
            let metrics = try await client.send(.get, "/metrics").text
            #expect(metrics.contains(#"unilink_deferred_signals_ignored_total{signal="screen"} 1"#), "\(metrics.prefix(3_000))")
            #expect(metrics.contains(#"unilink_deferred_signals_ignored_total{signal="time_zone"} 1"#))
        }
    }

    /// Another app's click id or link id adds nothing to this app, and another app's key
    /// matches none of this app's clicks.
    @Test func appsOnlyTouchTheirOwnClicksAndLinks() async throws {
        try await TestServer.run(.live) { client in
            let (shop, link) = try await Self.setUp(client)
            let other = try await client.createApp(TestServer.otherApp)
            let clickID = try await Self.click(client, address: "198.51.100.22")
            let linkID = try #require(link.id)
            let byClick = #"{"install_id": "install-other-1", "type": "install", "click_id": "\#(clickID)"}"#
            #expect(try await client.send(.post, "/v1/sdk/events", json: byClick, headers: [Self.key: other.publishableKey]).status == .accepted)
            let byLink = #"{"install_id": "install-other-1", "type": "open", "link_id": "\#(linkID)"}"#
            let refused = try await client.send(.post, "/v1/sdk/events", json: byLink, headers: [Self.key: other.publishableKey])
            #expect(refused.status == .notFound)
            let referrer = "utm_source=unilink&ul_click=\(clickID)"
            let stranger = try await Self.deferred(client, app: other, install: "install-other-2", address: "198.51.100.22", referrer: referrer)
            #expect(try stranger.decode(DeepLinkResultBody.self).status == .notFound)
            let stats = try await client.send(.get, "/v1/links/\(linkID)/stats", bearer: shop.secretKey).decode(LinkStats.self)
            #expect(stats.installs == 0 && stats.opens == 0)
            let own = try await Self.deferred(client, app: shop, install: "install-shop-1", address: "198.51.100.22").decode(DeepLinkResultBody.self)
            #expect(own.deepLink?.clickID == clickID)
        }
    }

    /// The preview and the store redirect it leads to are one visitor's journey: one click.
    @Test func aJourneyThroughThePreviewToTheStoreIsOneClick() async throws {
        try await TestServer.run(.live) { client, server in
            let (app, link) = try await Self.setUp(client)
            _ = try await Self.click(client, address: "198.51.100.23", tapsStore: true)
            _ = try await Self.click(client, address: "198.51.100.24", tapsStore: false)
            await server.clicksStored()
            let stats = try await client.send(.get, "/v1/links/\(try #require(link.id))/stats", bearer: app.secretKey).decode(LinkStats.self)
            #expect(stats.clicks == 2)
            #expect(stats.byOutcome == ["store": 1, "preview": 1])
        }
    }
}
