import Foundation
import Testing
import UnilinkCore

@Suite("Deferred matching: the right click or none")
struct DeferredMatcherTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let matcher = DeferredMatcher()
    static let phone = DeviceSignals(screenWidth: 390, screenHeight: 844, screenScale: 3, timeZone: "Europe/Berlin", languages: ["de-DE"])

    static func click(
        _ id: String, ip: String? = "ip-a", prefix: String? = "net-a", secondsAgo: Double = 120, os: UserAgent.OS = .ios,
        osVersion: String? = "18.1", model: String? = nil, signals: DeviceSignals? = phone, window: Double = 3600, consumedBy: String? = nil
    ) -> PendingClick {
        let time = now.addingTimeInterval(-secondsAgo)
        return PendingClick(
            clickID: id, appID: "app", linkID: "lnk", content: LinkContent(path: "/u/\(id)"), time: time, expiresAt: time.addingTimeInterval(window),
            networkKey: ip, prefixKey: prefix, os: os, osVersion: osVersion, model: model, acceptLanguages: ["de-DE"], signals: signals, consumedBy: consumedBy
        )
    }

    /// The app reports pixels (1170 x 2532 for a 390 x 844 @3x screen).
    static func install(ip: String? = "ip-a", prefix: String? = "net-a", os: UserAgent.OS = .ios, osVersion: String? = "18.1.1", model: String? = "iPhone14,5",
                        signals: DeviceSignals = DeviceSignals(screenWidth: 1170, screenHeight: 2532, screenScale: 3, timeZone: "Europe/Berlin", languages: ["de-DE", "en"])) -> InstallFingerprint {
        InstallFingerprint(networkKey: ip, prefixKey: prefix, os: os, osVersion: osVersion, model: model, signals: signals, time: now)
    }

    static func matched(_ decision: DeferredMatcher.Decision) -> String? {
        if case .match(let click, _) = decision { return click.clickID }
        return nil
    }

    @Test func aSingleClickFromTheSameNetworkAndDeviceMatches() {
        let decision = Self.matcher.decide(Self.install(), among: [Self.click("a")])
        #expect(Self.matched(decision) == "a")
        if case .match(_, let confidence) = decision { #expect(confidence > 0.6 && confidence < 1) }
    }

    @Test func twoEquallyPlausibleClicksGiveNoAnswer() {
        let decision = Self.matcher.decide(Self.install(), among: [Self.click("a", secondsAgo: 60), Self.click("b", secondsAgo: 1800)])
        #expect(decision == .noMatch(.ambiguous))
    }

    @Test func aSharedAddressIsResolvedByTheDevice() {
        let otherPhone = DeviceSignals(screenWidth: 430, screenHeight: 932, screenScale: 3, timeZone: "Europe/Berlin", languages: ["de-DE"])
        let decision = Self.matcher.decide(Self.install(), among: [Self.click("mine"), Self.click("colleague", signals: otherPhone)])
        #expect(Self.matched(decision) == "mine")
    }

    @Test func identicalDevicesBehindOneAddressGiveNoAnswer() {
        let clicks = (0..<3).map { Self.click("office\($0)", secondsAgo: Double(100 + $0 * 300)) }
        #expect(Self.matcher.decide(Self.install(), among: clicks) == .noMatch(.ambiguous))
    }

    @Test func aDifferentNetworkNeverMatches() {
        let decision = Self.matcher.decide(Self.install(ip: "ip-z", prefix: "net-z"), among: [Self.click("a")])
        #expect(decision == .noMatch(.noCandidates))
    }

    @Test func theSamePrefixNeedsDeviceEvidence() {
        let changedAddress = Self.install(ip: "ip-b")
        #expect(Self.matched(Self.matcher.decide(changedAddress, among: [Self.click("a")])) == "a")
        let noScript = Self.click("a", signals: nil)
        #expect(Self.matcher.decide(changedAddress, among: [noScript]) == .noMatch(.tooWeak))
    }

    @Test func aClickWithoutScriptStillMatchesOnTheSameAddress() {
        #expect(Self.matched(Self.matcher.decide(Self.install(), among: [Self.click("a", signals: nil)])) == "a")
    }

    @Test func expiredFutureAndConsumedClicksAreNotCandidates() {
        let expired = Self.click("old", secondsAgo: 4000)
        let future = Self.click("future", secondsAgo: -10)
        let consumed = Self.click("taken", consumedBy: "install-1")
        #expect(Self.matcher.decide(Self.install(), among: [expired, future, consumed]) == .noMatch(.noCandidates))
        #expect(Self.matched(Self.matcher.decide(Self.install(), among: [consumed, Self.click("free", secondsAgo: 30)])) == "free")
    }

    @Test(arguments: [
        ("a different platform", DeferredMatcherTests.click("a", os: .android)),
        ("another OS version", DeferredMatcherTests.click("a", osVersion: "17.5")),
        ("another screen", DeferredMatcherTests.click("a", signals: DeviceSignals(screenWidth: 375, screenHeight: 667, screenScale: 2, timeZone: "Europe/Berlin"))),
        ("another time zone", DeferredMatcherTests.click("a", signals: DeviceSignals(screenWidth: 390, screenHeight: 844, screenScale: 3, timeZone: "America/New_York"))),
    ])
    func contradictionsExclude(_ name: String, click: PendingClick) {
        #expect(Self.matcher.decide(Self.install(), among: [click]) == .noMatch(.noCandidates), "\(name)")
    }

    @Test func androidModelsMustAgree() {
        let install = Self.install(os: .android, osVersion: "14", model: "SM-S918B", signals: DeviceSignals(screenWidth: 1080, screenHeight: 2340, screenScale: 3))
        let same = Self.click("same", os: .android, osVersion: "14", model: "SM-S918B", signals: nil)
        let other = Self.click("other", os: .android, osVersion: "14", model: "Pixel 8", signals: nil)
        #expect(Self.matched(Self.matcher.decide(install, among: [same, other])) == "same")
    }

    @Test func frozenSafariVersionIsNotAContradictionOnIOS26() {
        let decision = Self.matcher.decide(Self.install(osVersion: "26.1"), among: [Self.click("a", osVersion: "18.6")])
        #expect(Self.matched(decision) == "a")
        #expect(Self.matcher.decide(Self.install(osVersion: "26.1"), among: [Self.click("a", osVersion: "18.5")]) == .noMatch(.noCandidates))
    }

    @Test func missingSignalsOnBothSidesAreNeutral() {
        let bare = InstallFingerprint(networkKey: "ip-a", prefixKey: "net-a", os: .ios, osVersion: nil, model: nil, signals: DeviceSignals(), time: Self.now)
        #expect(Self.matched(Self.matcher.decide(bare, among: [Self.click("a")])) == "a")
    }
}

@Suite("Click tokens in pasteboards and install referrers")
struct PasteboardTokenTests {
    static let id = "AbCdEfGhIjKlMnOpQrStUv"

    @Test(arguments: [
        ("unilink:AbCdEfGhIjKlMnOpQrStUv", true), ("AbCdEfGhIjKlMnOpQrStUv", true),
        ("utm_source=unilink&ul_click=AbCdEfGhIjKlMnOpQrStUv", true),
        ("utm_source%3Dunilink%26ul_click%3DAbCdEfGhIjKlMnOpQrStUv", true),
        ("  unilink:AbCdEfGhIjKlMnOpQrStUv\n", true),
        ("unilink:short", false), ("utm_source=google-play&utm_medium=organic", false), ("", false),
    ])
    func clickIDsAreFoundWhereTheyAre(text: String, found: Bool) {
        #expect((PasteboardToken.clickID(in: text) == Self.id) == found)
    }
}
