import Foundation
import Testing
import UnilinkCore

/// Deferred matching on the networks where it is hardest: a carrier NAT's crowd, IPv6's
/// /64 and /56, iCloud Private Relay, and clicks that stopped at the preview.
@Suite("Deferred matching across networks")
struct DeferredNetworksTests {
    typealias Fixture = DeferredMatcherTests

    /// A stranger on a carrier NAT: an Android phone of another model, version and
    /// languages than the one the test installs.
    static func stranger(_ index: Int, ip: String = "nat", store: Bool? = true) -> PendingClick {
        var click = Fixture.click(
            "s\(index)", ip: ip, prefix: "carrier", secondsAgo: Double(60 + index * 30), os: .android, osVersion: ["12", "13", "15"][index % 3],
            model: ["SM-A536B", "Pixel 7", "M2101K7BNY", "SM-A155F"][index % 4],
            signals: DeviceSignals(
                screenWidth: 412, screenHeight: 915, screenScale: 2.625, timeZone: "Europe/Berlin",
                languages: [["en-GB"], ["tr-TR"], ["pl-PL"]][index % 3]))
        click.reachedStore = store
        click.acceptLanguages = click.signals?.languages ?? []
        return click
    }

    static func nat(_ clicks: Int) -> [PendingClick] { (0..<clicks).map { stranger($0) } }

    static let android = DeviceSignals(screenWidth: 412, screenHeight: 915, screenScale: 2.625, timeZone: "Europe/Berlin", languages: ["de-DE"])

    static func myAndroidClick(ip: String = "nat", secondsAgo: Double = 240) -> PendingClick {
        var mine = Fixture.click(
            "mine", ip: ip, prefix: "carrier", secondsAgo: secondsAgo, os: .android, osVersion: "14", model: "SM-S918B", signals: Self.android)
        mine.reachedStore = true
        return mine
    }

    static func myAndroidInstall(ip: String = "nat", model: String = "SM-S918B") -> InstallFingerprint {
        Fixture.install(ip: ip, prefix: "carrier", os: .android, osVersion: "14", model: model, signals: Self.android)
    }

    /// Forty strangers on one address: the one whose phone (its model, version, screen,
    /// zone and languages) is the install's is found; an install from a phone none of
    /// them clicked with is given nobody's link, though the address is the same.
    @Test func behindACarrierNATThePhoneDecidesNotTheAddress() {
        let clicks = Self.nat(40) + [Self.myAndroidClick()]
        #expect(Fixture.matched(Fixture.decide(Self.myAndroidInstall(), clicks)) == "mine")
        let organic = Self.myAndroidInstall(model: "Pixel 8")
        #expect(Fixture.decide(organic, clicks) == .noMatch(.noCandidates) || Fixture.matched(Fixture.decide(organic, clicks)) == nil)
        #expect(Fixture.weak(Fixture.decide(organic, clicks)) == nil)
    }

    /// The crowd lowers the prior: the same fit that is confident at home is less sure in a crowd.
    @Test func aCrowdLowersWhatTheSameFitIsWorth() {
        var mine = Self.myAndroidClick()
        mine.signals = nil
        let install = Self.myAndroidInstall()
        let alone = Fixture.confidence(Fixture.decide(install, [mine]))
        let crowded = Fixture.confidence(Fixture.decide(install, Self.nat(40) + [mine]))
        #expect(alone > crowded, "\(alone) vs \(crowded)")
    }

    /// A click that stopped at the preview is a candidate (a clean fit at home ten minutes
    /// later is a weak answer), and in a crowd it is never confident.
    @Test func aClickWithoutAStoreTapIsACandidateAtHomeButNeverConfidentInACrowd() {
        var home = Fixture.click("home", secondsAgo: 10 * 60)
        home.reachedStore = false
        home.signals?.languages = ["de-DE", "en"]
        let atHome = Fixture.decide(Fixture.install(), [home])
        #expect((Fixture.matched(atHome) ?? Fixture.weak(atHome)) == "home", "\(atHome)")
        var crowded = Self.myAndroidClick(secondsAgo: 20 * 60)
        crowded.reachedStore = false
        let decision = Fixture.decide(Self.myAndroidInstall(), Self.nat(12) + [crowded])
        #expect(Fixture.matched(decision) == nil)
    }

    /// IPv6: the /64 is the phone or the household, stronger than an IPv4 address; a click
    /// over IPv4 is never a candidate for an install over IPv6 with the same key.
    @Test func anIPv6Slash64IsStrongEvidenceAndFamiliesDoNotMix() {
        var click = Fixture.click("v6", ip: "lan", prefix: "site", signals: nil)
        click.network = .ipv6
        click.reachedStore = true
        var install = Fixture.install(ip: "lan", prefix: "site")
        install.network = .ipv6
        var v4 = click
        v4.network = .ipv4
        let six = Fixture.confidence(Fixture.decide(install, [click]))
        var install4 = install
        install4.network = .ipv4
        let four = Fixture.confidence(Fixture.decide(install4, [v4]))
        #expect(six > four, "\(six) vs \(four)")
        #expect(Fixture.decide(install, [v4]) == .noMatch(.noCandidates))
        // Another LAN of the same household (/56): still a candidate.
        var otherLAN = install
        otherLAN.networkKey = "other-lan"
        #expect(
            Fixture.matched(
                Fixture.decide(
                    otherLAN,
                    [Fixture.click("x", ip: "lan", prefix: "site")].map {
                        var c = $0; c.network = .ipv6; c.reachedStore = true; return c
                    })) == "x")
    }

    /// A relayed click: never by its address, by the relay's country against the install's
    /// time zone and the device; an install in another country's zone never sees it.
    @Test func aRelayedClickIsMatchedByItsRegionAndTheDeviceNeverItsAddress() {
        var relayed = PendingClick(
            clickID: "relayed", appID: "app", linkID: "lnk", content: LinkContent(path: "/u/r"), time: Fixture.now.addingTimeInterval(-180),
            expiresAt: Fixture.now.addingTimeInterval(3_400), from: .relayed(region: "DE-BE"), os: .ios, osVersion: "18.1", model: nil,
            acceptLanguages: ["de-DE"], safariVersion: nil, reachedStore: true)
        relayed.signals = Fixture.phone
        #expect(relayed.networkKey == nil && relayed.prefixKey == "relay:DE")
        var install = Fixture.install(ip: "home", prefix: "home-net")
        install.signals.languages = ["de-DE"]
        #expect(Fixture.matched(Fixture.decide(install, [relayed])) == "relayed")
        var abroad = install
        abroad.signals.timeZone = "America/New_York"
        #expect(Fixture.decide(abroad, [relayed]) == .noMatch(.noCandidates))
        // Among thirty relayed iPhones of the same country, the device still points to it, if
        // less surely; an iPhone none of them clicked with gets nobody's link.
        let strangers = (0..<30).map { index -> PendingClick in
            var other = Fixture.click(
                "r\(index)", ip: nil, prefix: "relay:DE", secondsAgo: Double(60 + index * 40), osVersion: ["17.5", "18.3", "18.5"][index % 3],
                signals: DeviceSignals(
                    screenWidth: [375, 414, 430][index % 3], screenHeight: [812, 896, 932][index % 3], screenScale: 3, timeZone: "Europe/Berlin",
                    languages: ["de-DE"]))
            other.network = .relay
            other.relayRegion = "DE-BE"
            return other
        }
        let crowded = Fixture.decide(install, strangers + [relayed])
        #expect((Fixture.matched(crowded) ?? Fixture.weak(crowded)) == "relayed", "\(crowded)")
        var organic = install
        organic.signals.screenWidth = 1290
        organic.signals.screenHeight = 2796
        #expect(Fixture.matched(Fixture.decide(organic, strangers + [relayed])) == nil)
    }
}
