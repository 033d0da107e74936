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
            networkKey: ip, prefixKey: prefix, os: os, osVersion: osVersion, model: model, acceptLanguages: ["de-DE"], signals: signals,
            consumedBy: consumedBy
        )
    }

    /// The app reports pixels (1170 x 2532 for a 390 x 844 @3x screen).
    static func install(
        ip: String? = "ip-a", prefix: String? = "net-a", os: UserAgent.OS = .ios, osVersion: String? = "18.1.1", model: String? = "iPhone14,5",
        signals: DeviceSignals = DeviceSignals(
            screenWidth: 1170, screenHeight: 2532, screenScale: 3, timeZone: "Europe/Berlin", languages: ["de-DE", "en"])
    ) -> InstallFingerprint {
        InstallFingerprint(networkKey: ip, prefixKey: prefix, os: os, osVersion: osVersion, model: model, signals: signals, time: now)
    }

    static let threshold = DeferredMatchModel.defaultThreshold

    static func decide(_ install: InstallFingerprint, _ clicks: [PendingClick], threshold: Double = threshold) -> DeferredMatcher.Decision {
        matcher.decide(install, among: clicks, threshold: threshold)
    }

    /// The click a confident (probabilistic) answer names.
    static func matched(_ decision: DeferredMatcher.Decision) -> String? {
        if case .match(let click, _, .probabilistic) = decision { return click.clickID }
        return nil
    }

    static func weak(_ decision: DeferredMatcher.Decision) -> String? {
        if case .match(let click, _, .weak) = decision { return click.clickID }
        return nil
    }

    static func confidence(_ decision: DeferredMatcher.Decision) -> Double {
        if case .match(_, let confidence, _) = decision { return confidence }
        return 0
    }

    /// Nothing but an address: no OS version, no page signals, no language.
    static func bareClick(_ id: String, ip: String? = "ip-a", secondsAgo: Double = 120) -> PendingClick {
        var click = click(id, ip: ip, secondsAgo: secondsAgo, osVersion: nil, signals: nil)
        click.acceptLanguages = []
        return click
    }

    @Test func aClickFromTheSameAddressAndDeviceMatchesConfidently() {
        let decision = Self.decide(Self.install(), [Self.click("a")])
        #expect(Self.matched(decision) == "a")
        #expect(Self.confidence(decision) >= Self.threshold && Self.confidence(decision) < 1)
    }

    @Test func anAddressAloneIsNeverConfident() {
        let bare = InstallFingerprint(
            networkKey: "ip-a", prefixKey: "net-a", os: .ios, osVersion: nil, model: nil, signals: DeviceSignals(), time: Self.now)
        let decision = Self.decide(bare, [Self.bareClick("a", secondsAgo: 5)])
        #expect(Self.matched(decision) == nil)
        // Even an app that accepts anything gets at most a weak answer.
        #expect(Self.matched(Self.decide(bare, [Self.bareClick("a", secondsAgo: 5)], threshold: 0.5)) == nil)
    }

    @Test func organicInstallsCompeteWithEveryClick() {
        // The same evidence is less convincing the more strangers clicked from that address.
        let alone = Self.confidence(Self.decide(Self.install(), [Self.click("a", signals: nil)]))
        let strangers = (0..<6).map { Self.click("s\($0)", osVersion: nil, signals: nil) }
        let crowded = Self.confidence(Self.decide(Self.install(), [Self.click("a", signals: nil)] + strangers))
        #expect(crowded < alone)
    }

    @Test func twoEquallyPlausibleClicksGiveNoAnswer() {
        let decision = Self.decide(Self.install(), [Self.click("a", secondsAgo: 60), Self.click("b", secondsAgo: 90)])
        #expect(decision == .noMatch(.ambiguous))
    }

    @Test func aSharedAddressIsResolvedByTheDevice() {
        let otherPhone = DeviceSignals(screenWidth: 430, screenHeight: 932, screenScale: 3, timeZone: "Europe/Berlin", languages: ["de-DE"])
        let decision = Self.decide(Self.install(), [Self.click("mine"), Self.click("colleague", signals: otherPhone)])
        #expect(Self.matched(decision) == "mine")
    }

    @Test func identicalDevicesBehindOneAddressGiveNoAnswer() {
        let clicks = (0..<3).map { Self.click("office\($0)", secondsAgo: Double(100 + $0 * 30)) }
        #expect(Self.decide(Self.install(), clicks) == .noMatch(.ambiguous))
    }

    @Test func aDifferentNetworkNeverMatches() {
        #expect(Self.decide(Self.install(ip: "ip-z", prefix: "net-z"), [Self.click("a")]) == .noMatch(.noCandidates))
    }

    /// Another address in the same /24: the screen, the OS version and the page's
    /// languages agreeing (with the time zone and a click two minutes ago) is confident,
    /// whether the page gave the whole list or, as WebKit does, its first tag; a page list
    /// that differs from the app's is weak; without the page's signals the same click is
    /// only plausible, and stays weak even for an app whose threshold it clears, because
    /// nothing strong vouches for a neighbour.
    @Test func aNeighbourNeedsTheScreenOrModelToAgree() {
        var neighbour = Self.install(ip: "ip-b")
        neighbour.signals.languages = ["de-DE"]
        let withScreen = Self.decide(neighbour, [Self.click("a")])
        #expect(Self.matched(withScreen) == "a", "\(withScreen)")
        neighbour.signals.languages = ["de-DE", "en"]
        #expect(Self.matched(Self.decide(neighbour, [Self.click("a")])) == "a")
        var chrome = Self.click("a")
        chrome.signals?.languages = ["de-DE", "fr-FR"]
        #expect(Self.matched(Self.decide(neighbour, [chrome])) == nil)
        let withoutScreen = Self.decide(neighbour, [Self.click("a", signals: nil)], threshold: 0.5)
        #expect(Self.weak(withoutScreen) == "a")
        #expect(Self.confidence(withoutScreen) >= 0.5)
    }

    @Test func aClickWithoutScriptIsWeakerThanOneWithIt() {
        let withScript = Self.confidence(Self.decide(Self.install(), [Self.click("a")]))
        let withoutScript = Self.confidence(Self.decide(Self.install(), [Self.click("a", signals: nil)]))
        #expect(withoutScript < withScript)
    }

    @Test func belowTheAppsThresholdTheAnswerIsWeak() {
        let decision = Self.decide(Self.install(), [Self.click("a", signals: nil)], threshold: 0.999)
        #expect(Self.weak(decision) == "a")
    }

    @Test func expiredFutureAndConsumedClicksAreNotCandidates() {
        let expired = Self.click("old", secondsAgo: 4000)
        let future = Self.click("future", secondsAgo: -10)
        let consumed = Self.click("taken", consumedBy: "install-1")
        #expect(Self.decide(Self.install(), [expired, future, consumed]) == .noMatch(.noCandidates))
        #expect(Self.matched(Self.decide(Self.install(), [consumed, Self.click("free", secondsAgo: 30)])) == "free")
    }

    @Test(arguments: [
        ("a different platform", DeferredMatcherTests.click("a", os: .android)),
        ("another OS version", DeferredMatcherTests.click("a", osVersion: "17.5")),
        (
            "another screen",
            DeferredMatcherTests.click("a", signals: DeviceSignals(screenWidth: 375, screenHeight: 667, screenScale: 2, timeZone: "Europe/Berlin"))
        ),
        (
            "another time zone",
            DeferredMatcherTests.click("a", signals: DeviceSignals(screenWidth: 390, screenHeight: 844, screenScale: 3, timeZone: "America/New_York"))
        ),
    ])
    func contradictionsExclude(_ name: String, click: PendingClick) {
        #expect(Self.decide(Self.install(), [click]) == .noMatch(.noCandidates), "\(name)")
    }

    @Test func androidModelsMustAgree() {
        let install = Self.install(
            os: .android, osVersion: "14", model: "SM-S918B", signals: DeviceSignals(screenWidth: 1080, screenHeight: 2340, screenScale: 3))
        let same = Self.click("same", os: .android, osVersion: "14", model: "SM-S918B", signals: nil)
        let other = Self.click("other", os: .android, osVersion: "14", model: "Pixel 8", signals: nil)
        #expect(Self.matched(Self.decide(install, [same, other])) == "same")
    }

    @Test func frozenSafariVersionIsNotAContradictionOnIOS26() {
        #expect(Self.matched(Self.decide(Self.install(osVersion: "26.1"), [Self.click("a", osVersion: "18.6")])) == "a")
        #expect(Self.decide(Self.install(osVersion: "26.1"), [Self.click("a", osVersion: "18.5")]) == .noMatch(.noCandidates))
    }

    @Test func safari26ScreensAreWeighedNotTrusted() {
        // Advanced Fingerprinting Protection: the page read fixed window metrics, not the screen.
        var masked = Self.click(
            "a", osVersion: "18.6",
            signals: DeviceSignals(screenWidth: 390, screenHeight: 664, screenScale: 3, timeZone: "Europe/Berlin", languages: ["de-DE", "en"]))
        masked.safariVersion = "26.1"
        #expect(masked.screenMayBeMasked)
        // The masked screen differs, which excludes nothing: the same address, OS version,
        // language list and a recent click still make it confident (0.908) for an app at 0.5.
        let decision = Self.decide(Self.install(osVersion: "26.1"), [masked], threshold: 0.5)
        #expect(Self.matched(decision) == "a")
        var older = masked
        older.safariVersion = "18.6"
        #expect(Self.decide(Self.install(osVersion: "26.1"), [older]) == .noMatch(.noCandidates))
    }

    /// Safari 26 keeps "iPhone OS 18_6" in the User-Agent, but its own Version/ follows iOS.
    @Test func safari26VersionStandsForTheFrozenOSVersion() {
        var click = Self.click("a", osVersion: "18.6", signals: nil)
        click.safariVersion = "26.1"
        #expect(click.deviceOSVersion == "26.1")
        #expect(Self.decide(Self.install(osVersion: "26.0"), [click]) == .noMatch(.noCandidates))
        let install = Self.install(osVersion: "26.1")
        #expect(DeferredMatcher().evidence(install, click)?.deviceAgreements == 1)
        var inApp = click
        inApp.safariVersion = nil
        #expect(DeferredMatcher().evidence(install, inApp)?.deviceAgreements == 0)
    }

    /// The SDK sends UIScreen.bounds in points and UIScreen.scale, what Safari reports: a
    /// mini, a Plus or a Display Zoom phone agree; the physical pixels (nativeBounds and
    /// nativeScale, what the SDK used to send) would not.
    @Test(arguments: [
        (375, 812, 3.0, 1080, 2340, 2.88),  // iPhone 12/13 mini
        (414, 736, 3.0, 1080, 1920, 2.608),  // iPhone 8 Plus
        (375, 812, 3.0, 1170, 2532, 3.0),  // iPhone 13 with Display Zoom
    ])
    func screensInPointsAgreeWithSafari(width: Int, height: Int, scale: Double, nativeWidth: Int, nativeHeight: Int, nativeScale: Double) {
        let page = DeviceSignals(screenWidth: width, screenHeight: height, screenScale: scale, timeZone: "Europe/Berlin", languages: ["de-DE"])
        let points = DeviceSignals(screenWidth: width, screenHeight: height, screenScale: scale, timeZone: "Europe/Berlin", languages: ["de-DE"])
        let native = DeviceSignals(
            screenWidth: nativeWidth, screenHeight: nativeHeight, screenScale: nativeScale, timeZone: "Europe/Berlin", languages: ["de-DE"])
        #expect(Self.matched(Self.decide(Self.install(signals: points), [Self.click("a", signals: page)])) == "a")
        #expect(Self.decide(Self.install(signals: native), [Self.click("a", signals: page)]) == .noMatch(.noCandidates))
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
        #expect(PasteboardToken.clickID(in: text) == (found ? Self.id : nil))
    }
}
