import Foundation
import Testing
import UnilinkCore

/// The click path's pure decisions besides the router's: which link a request stands for,
/// which click it continues, whether it waits for an install, whose key a key is, and the
/// numbers the API and the dashboard both show.
@Suite("Click path decisions")
struct ClickDecisionsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let app = ClickRouterTests.app
    static let stored = Link(
        id: "lnk_1", appID: "app_1", code: "Ab3xK9p", alias: "anna",
        content: LinkContent(path: "/u/42", deepLinkValue: "user", ref: "mail"), createdAt: now, updatedAt: now)
    static let otherApps = Link(id: "lnk_9", appID: "app_9", code: "Zz9yX8w", content: LinkContent(path: "/x"), createdAt: now, updatedAt: now)

    static func resolution(_ role: HostRole) -> LinkResolution {
        LinkResolution(app: app, role: role, hostName: app.host(for: role) ?? "", claims: app.pathClaims, destinations: DestinationPolicy(app: app))
    }

    /// Memory holds the two links; everything else is known to be missing.
    static func memory(_ key: LinkKey) -> LinkResolution.Lookup {
        switch key {
        case .code("Ab3xK9p"), .alias(appID: "app_1", alias: "anna"): .known(stored)
        case .code("Zz9yX8w"): .known(otherApps)
        default: .known(nil)
        }
    }

    enum Found: Equatable {
        case stored(String, path: String?, deepLinkValue: String?)
        case adHoc(path: String?)
        case none
    }

    @Test(
        arguments: [
            (HostRole.short, "/Ab3xK9p", nil, Found.stored("lnk_1", path: "/u/42", deepLinkValue: "user")),
            (.short, "/anna", nil, .stored("lnk_1", path: "/u/42", deepLinkValue: "user")),
            (.short, "/anna/", "deep_link_value=other", .stored("lnk_1", path: "/u/42", deepLinkValue: "other")),
            (.short, "/Zz9yX8w", nil, .none),
            (.short, "/nosuchcode", nil, .none),
            (.short, "/a/b", nil, .none),
            (.short, "/", "ul_code=Ab3xK9p&deep_link_value=x", .stored("lnk_1", path: "/u/42", deepLinkValue: "x")),
            (.short, "/", nil, .none),
            (.primary, "/u/7", nil, .adHoc(path: "/u/7")),
            (.primary, "/u/7", "ul_code=Ab3xK9p", .stored("lnk_1", path: "/u/42", deepLinkValue: "user")),
            (.primary, "/not-claimed", nil, .none),
            (.alternate, "/u/9", "deep_link_value=v", .adHoc(path: "/u/9")),
        ] as [(HostRole, String, String?, Found)])
    func requestsResolveToTheirLink(role: HostRole, path: String, query: String?, expected: Found) throws {
        let resolved = try Self.resolution(role).resolve(path: path, query: query, lookup: Self.memory)
        let found: Found =
            switch resolved {
            case nil: .none
            case let link? where link.link != nil: .stored(link.link!.id, path: link.content.path, deepLinkValue: link.content.deepLinkValue)
            case let link?: .adHoc(path: link.content.path)
            }
        #expect(found == expected)
    }

    @Test func aLinkOnlyTheStoreKnowsIsAskedForByItsKey() {
        #expect(throws: LinkResolution.NotInMemory.self) {
            try Self.resolution(.short).resolve(path: "/Qw3rTy7", query: nil) { _ in .notInMemory }
        }
        do {
            _ = try Self.resolution(.short).resolve(path: "/spring-sale", query: nil) { _ in .notInMemory }
        } catch {
            #expect(error.key == .alias(appID: "app_1", alias: "spring-sale"))
        }
    }

    @Test(
        arguments: [
            (HostRole.alternate, "ul_click=AbCdEfGhIjKlMnOpQrStUv", "AbCdEfGhIjKlMnOpQrStUv"),
            (.alternate, "x=1&ul_click=AbCdEfGhIjKlMnOpQrStUv", "AbCdEfGhIjKlMnOpQrStUv"),
            (.primary, "ul_click=AbCdEfGhIjKlMnOpQrStUv", nil),
            (.short, "ul_click=AbCdEfGhIjKlMnOpQrStUv", nil),
            (.alternate, "ul_click=short", nil),
            (.alternate, "ul_click=AbCdEfGhIjKlMnOpQrStU!", nil),
            (.alternate, nil, nil),
        ] as [(HostRole, String?, String?)])
    func onlyTheAlternateHostContinuesAWellFormedClick(role: HostRole, query: String?, carried: String?) {
        #expect(ClickRecording.carriedClickID(query: query, role: role) == carried)
    }

    @Test(
        arguments: [
            (UA.iPhoneSafari, ClickOutcome.preview, true), (UA.iPhoneSafari, .store, true), (UA.androidChrome, .intent, true),
            (UA.weChatIOS, .browserHint, true), (UA.iPhoneSafari, .web, false), (UA.iPhoneSafari, .platformURL, false),
            (UA.iPhoneSafari, .expired, false), (UA.iPhoneSafari, .scheme, false), (UA.macSafari, .preview, false),
        ] as [(String, ClickOutcome, Bool)])
    func onlyAPhonesClickThatMayInstallWaitsForTheInstall(ua: String, outcome: ClickOutcome, waits: Bool) {
        let link = ClickRouterTests.link()
        let visit = ClickRouterTests.visit(ua)
        let pending = ClickRecording.pendingClick(
            link, visit, outcome: outcome, network: VisitorNetwork(kind: .ipv4, addressKey: "net", poolKey: "prefix"), userAgentHeader: ua)
        #expect((pending != nil) == waits)
        if let pending {
            #expect(pending.clickID == visit.clickID && pending.linkID == "lnk_1" && pending.networkKey == "net" && pending.prefixKey == "prefix")
            #expect(pending.expiresAt == visit.time.addingTimeInterval(TimeInterval(Self.app.matchWindowSeconds)))
            #expect(pending.reachedStore == (outcome == .store || outcome == .intent))
        }
    }

    @Test(
        arguments: [
            ("sk_live", "h_live", AppKeyRing.Lookup.app("app_1")),
            ("sk_rotated", "h_rotated", .app("app_1")),
            ("sk_over", "h_over", .expired),
            ("sk_nope", "h_nope", .unknown),
            ("not_sk", "h_live", .unknown),
            ("pk_live", "", .app("app_2")),
            ("pk_over", "", .expired),
            ("pk_nope", "", .unknown),
        ] as [(String, String, AppKeyRing.Lookup)])
    func aKeyOpensItsAppUntilItsGracePeriodEnds(key: String, hash: String, expected: AppKeyRing.Lookup) {
        var ring = AppKeyRing()
        ring.secretKeys = ["h_live": "app_1", "h_rotated": "app_1", "h_over": "app_1"]
        ring.publishableKeys = ["pk_live": "app_2", "pk_over": "app_2"]
        ring.expiry = ["h_rotated": Self.now.addingTimeInterval(60), "h_over": Self.now.addingTimeInterval(-1), "pk_over": Self.now]
        ring.adminTokenHash = "admin_hash"
        #expect(ring.anyKey(key, hash: hash, at: Self.now) == expected)
        #expect(ring.isAdminToken(hash: "admin_hash") && !ring.isAdminToken(hash: "admin_has") && !AppKeyRing().isAdminToken(hash: ""))
    }
}
