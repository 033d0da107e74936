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

    /// A matcher that lists each evidence's terms.
    static let recording = DeferredMatcher(recordsTerms: true)

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
    /// zone and languages) is the install's is found, sure enough for an app that asks
    /// 0.9 and a weak match (for an SDK that asks for one) at the more careful default;
    /// an install from a phone none of them clicked with is given nobody's link, though
    /// the address is the same.
    @Test func behindACarrierNATThePhoneDecidesNotTheAddress() {
        let clicks = Self.nat(40) + [Self.myAndroidClick()]
        #expect(Fixture.matched(Fixture.decide(Self.myAndroidInstall(), clicks, threshold: 0.9)) == "mine")
        #expect(Fixture.weak(Fixture.decide(Self.myAndroidInstall(), clicks)) == "mine")
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

    /// The busiest hour of the last day (`NetworkCrowd`) outlives the match window: an
    /// address whose window holds one click is a home only if it was one all day; a carrier
    /// NAT in a quiet hour is still strangers', and a click that stopped at the preview is
    /// no confident answer there. The prior is still the window's: the clicks that compete.
    @Test(arguments: [
        (0, true, true), (1, true, true), (3, true, true), (4, false, false), (40, false, false),
    ])
    func anAddressIsAHouseholdOnlyIfItWasOneAllDay(busiest: Int, household: Bool, untappedConfident: Bool) throws {
        var mine = Fixture.click("mine", ip: "nat", prefix: "carrier", secondsAgo: 10 * 60)
        mine.reachedStore = false
        mine.signals?.languages = ["de-DE", "en"]
        let history = busiest == 0 ? [] : [NetworkCrowd(networkKey: "nat", prefixKey: "carrier", os: .ios, clicks: busiest)]
        let install = Fixture.install(ip: "nat", prefix: "carrier")
        let crowds = DeferredMatcher.Crowds([mine], for: install, history: history)
        let evidence = try #require(Fixture.matcher.evidence(install, mine, crowds: crowds))
        #expect(evidence.sameHousehold == household && evidence.crowded == !household && evidence.crowd == 1)
        #expect(evidence.corroborated == untappedConfident)
        let weakly = Fixture.matcher.decide(install, among: [mine], threshold: 0.5, history: history)
        #expect((Fixture.matched(weakly) == "mine") == untappedConfident, "\(weakly)")
    }

    /// Another system's crowd is not the install's, and a neighbour's address adds to the
    /// prefix's crowd, not to the install's address.
    @Test func aCrowdIsCountedPerSystemAndAddress() throws {
        let mine = Fixture.click("mine", ip: "home", prefix: "carrier")
        let install = Fixture.install(ip: "home", prefix: "carrier")
        let history = [
            NetworkCrowd(networkKey: "home", prefixKey: "carrier", os: .ios, clicks: 1),
            NetworkCrowd(networkKey: "home", prefixKey: "carrier", os: .android, clicks: 40),
            NetworkCrowd(networkKey: "nat", prefixKey: "carrier", os: .ios, clicks: 40),
        ]
        let evidence = try #require(
            Fixture.matcher.evidence(install, mine, crowds: DeferredMatcher.Crowds([mine], for: install, history: history)))
        #expect(evidence.sameHousehold && !evidence.crowded)
        var moved = install
        moved.networkKey = "elsewhere"
        moved.network = .ipv6
        var neighbour = mine
        neighbour.network = .ipv6
        let prefix = try #require(
            Fixture.matcher.evidence(moved, neighbour, crowds: DeferredMatcher.Crowds([neighbour], for: moved, history: history)))
        #expect(prefix.crowded && !prefix.sameHousehold && prefix.crowd == 1)
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

    /// IPv6: the /64 is the phone or the household, far stronger than an IPv4 /24 and
    /// as strong as a home's IPv4 address; a click over IPv4 is never a candidate for an
    /// install over IPv6 with the same key.
    @Test func anIPv6Slash64IsStrongEvidenceAndFamiliesDoNotMix() throws {
        var click = Fixture.click("v6", ip: "lan", prefix: "site", signals: nil)
        click.network = .ipv6
        click.reachedStore = true
        var install = Fixture.install(ip: "lan", prefix: "site")
        install.network = .ipv6
        var v4 = click
        v4.network = .ipv4
        let six = try #require(Fixture.matcher.evidence(install, click)).logRatio
        var neighbour4 = install
        neighbour4.network = .ipv4
        neighbour4.networkKey = "another-address"
        let four = try #require(Fixture.matcher.evidence(neighbour4, v4)).logRatio
        #expect(six > four + 1, "\(six) vs \(four)")
        let model = DeferredMatchModel()
        #expect(model.sameIPv6Network > model.samePrefix + 1 && model.sameIPv6Network >= model.sameAddress - 0.1)
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

    /// A relayed click in a country of several time zones: its region's clocks must read
    /// like the install's. California's click is no New Yorker's install; Washington's,
    /// on the same Pacific clock, competes with it.
    @Test func aRelayedClickBelowItsCountryIsComparedByItsRegionsClock() {
        func relayed(_ id: String, _ region: String) -> PendingClick {
            var click = PendingClick(
                clickID: id, appID: "app", linkID: "lnk", content: LinkContent(path: "/u/\(id)"), time: Fixture.now.addingTimeInterval(-180),
                expiresAt: Fixture.now.addingTimeInterval(3_400), from: .relayed(region: region), os: .ios, osVersion: "18.1", model: nil,
                acceptLanguages: ["en-US"], safariVersion: nil, reachedStore: true)
            click.signals = DeviceSignals(screenWidth: 390, screenHeight: 844, screenScale: 3, timeZone: nil, languages: ["en-US"])
            return click
        }
        var install = Fixture.install(ip: "home", prefix: "home-net")
        install.signals.languages = ["en-US"]
        install.signals.timeZone = "America/Los_Angeles"
        let california = relayed("ca", "US-CA")
        #expect(Self.recording.evidence(install, california)?.terms?[.relayRegionZone] == 1)
        var newYorker = install
        newYorker.signals.timeZone = "America/New_York"
        #expect(Fixture.matcher.evidence(newYorker, california) == nil)
        #expect(Fixture.decide(newYorker, [california]) == .noMatch(.noCandidates))
        // A region the table does not split compares by country, as before.
        #expect(Self.recording.evidence(newYorker, relayed("pr", "US"))?.terms?[.relayRegionZone] == nil)
        // The crowd is the country's clicks that could be this install's: a Washington click
        // crowds California's, New York's not, and one known by its country only does.
        let together = [california, relayed("wa", "US-WA"), relayed("ny", "US-NY"), relayed("us", "US")]
        let crowds = DeferredMatcher.Crowds(together, for: install)
        #expect(Fixture.matcher.evidence(install, california, crowds: crowds)?.crowd == 3)
    }

    /// A relayed click's crowd is counted for the install, not by its region's zones: a
    /// Pacific install's click from Nevada (Mountain and Pacific) stands among the Pacific
    /// clicks as a Californian's does, and is worth as much; both are counted in decide().
    @Test func aRelayedClickFromASmallRegionStandsInTheInstallsCrowd() {
        func relayed(_ id: String, _ region: String, secondsAgo: Double = 600) -> PendingClick {
            var click = PendingClick(
                clickID: id, appID: "app", linkID: "lnk", content: LinkContent(path: "/u/\(id)"),
                time: Fixture.now.addingTimeInterval(-secondsAgo), expiresAt: Fixture.now.addingTimeInterval(3_000), from: .relayed(region: region),
                os: .ios, osVersion: "18.1", model: nil, acceptLanguages: ["en-US"], safariVersion: nil, reachedStore: true)
            click.signals = DeviceSignals(screenWidth: 390, screenHeight: 844, screenScale: 3, timeZone: nil, languages: ["en-US"])
            return click
        }
        var install = Fixture.install(ip: "home", prefix: "home-net")
        install.signals.languages = ["en-US"]
        install.signals.timeZone = "America/Los_Angeles"
        // Other Pacific clickers, whose phones read in Spanish: the crowd, not rivals.
        let pacific = ((0..<4).map { relayed("ca\($0)", "US-CA") } + [relayed("wa", "US-WA")]).map {
            var other = $0
            other.signals?.languages = ["es-US"]
            other.acceptLanguages = ["es-US"]
            return other
        }
        let nevada = relayed("nv", "US-NV")
        let california = relayed("ca", "US-CA")
        let crowds = DeferredMatcher.Crowds(pacific + [nevada, california], for: install)
        let fromNevada = Fixture.matcher.evidence(install, nevada, crowds: crowds)
        let fromCalifornia = Fixture.matcher.evidence(install, california, crowds: crowds)
        #expect(fromNevada?.crowd == 7 && fromCalifornia?.crowd == 7)
        #expect(fromNevada?.logRatio == fromCalifornia?.logRatio)
        // What decide() weighs: Nevada's click alone among Californians is no surer than a Californian's.
        let nevadaAlone = Fixture.confidence(Fixture.decide(install, pacific + [nevada]))
        let californiaAlone = Fixture.confidence(Fixture.decide(install, pacific + [california]))
        #expect(nevadaAlone > 0 && nevadaAlone == californiaAlone)
    }

    /// Lord Howe Island keeps New South Wales's clock half an hour apart; a zone this
    /// system's time zone data lacks makes the region unknown, never a disagreement.
    @Test func aRegionsZonesThatCannotBeReadAreUnknown() {
        let july = Date(timeIntervalSince1970: 1_783_000_000)
        #expect(RegionTimeZones.agree(region: "AU-NSW", zone: "Australia/Lord_Howe", at: july) == true)
        #expect(RegionTimeZones.agree(region: "AU-ACT", zone: "Australia/Lord_Howe", at: july) == false)
        #expect(RegionTimeZones.agree(zones: ["Australia/Sydney", "Mars/Olympus_Mons"], zone: "Europe/Berlin", at: july) == nil)
        #expect(RegionTimeZones.agree(zones: ["Australia/Sydney"], zone: "Europe/Berlin", at: july) == false)
        #expect(RegionTimeZones.agree(region: "US-CA", zone: "Nowhere/None", at: july) == nil)
    }

    /// Arizona keeps no daylight time: in July its clock is California's, in January
    /// Colorado's.
    @Test func aRegionsClockIsReadAtTheInstallsMoment() {
        let july = Date(timeIntervalSince1970: 1_783_000_000)
        let january = Date(timeIntervalSince1970: 1_768_000_000)
        #expect(RegionTimeZones.agree(region: "US-AZ", zone: "America/Los_Angeles", at: july) == true)
        #expect(RegionTimeZones.agree(region: "US-AZ", zone: "America/Los_Angeles", at: january) == false)
        #expect(RegionTimeZones.agree(region: "US-AZ", zone: "America/Denver", at: january) == true)
        #expect(RegionTimeZones.agree(region: "DE-BE", zone: "Europe/Berlin", at: july) == nil)
    }

    /// An Android install whose app read Play's referrer: a click that went on to Play with
    /// its id in the referrer would have matched exactly, so it is not this install's,
    /// however well the phone fits. A click that stopped at the preview still can be, and so
    /// can one sent to a fallback that never passed our referrer (an FDL link's `afl`), or
    /// one stored before this was recorded (unknown rules nothing out).
    @Test func aPlayReferrerWithoutOurClickRulesOutOnlyClicksThatPassedIt() {
        var install = Self.myAndroidInstall(ip: "home-android")
        var referred = Self.myAndroidClick(ip: "home-android")
        referred.referredToPlay = true
        #expect(Fixture.matched(Fixture.decide(install, [referred])) == "mine")
        install.playReferrerRead = true
        #expect(Fixture.decide(install, [referred]) == .noMatch(.noCandidates))
        var stopped = referred
        stopped.reachedStore = false
        #expect(Fixture.matcher.evidence(install, stopped) != nil)
        var toFallback = referred
        toFallback.referredToPlay = false
        #expect(Fixture.matched(Fixture.decide(install, [toFallback])) == "mine")
        var unknown = referred
        unknown.referredToPlay = nil
        #expect(Fixture.matched(Fixture.decide(install, [unknown])) == "mine")
    }

    /// Every iOS browser is WebKit, whose page sees one language: the first tag agreeing
    /// is all the page can say, and among strangers it is enough with the screen and the
    /// version; a page that gave a list must agree in full.
    @Test func aPageWithOneLanguageIsComparedByItsFirstTag() {
        #expect(DeferredMatcher.languagesAgree(page: ["de-DE"], app: ["de-DE", "en-US"]))
        #expect(!DeferredMatcher.languagesAgree(page: ["de-AT"], app: ["de-DE", "en-US"]))
        #expect(!DeferredMatcher.languagesAgree(page: ["de-DE", "fr-FR"], app: ["de-DE", "en-US"]))
        #expect(DeferredMatcher.languagesAgree(page: ["de_DE", "en-us"], app: ["de-DE", "en-US"]))
        #expect(!DeferredMatcher.languagesAgree(page: [], app: ["de-DE"]))
        var click = Fixture.click("webkit", ip: "nat", prefix: "carrier")
        click.signals?.languages = ["de-DE"]
        let install = Fixture.install(ip: "nat", prefix: "carrier")
        let crowd = DeferredMatcher.Crowds(
            (0..<10).map { Fixture.click("o\($0)", ip: "nat", prefix: "carrier", osVersion: "17.5") } + [click], for: install)
        let evidence = Self.recording.evidence(install, click, crowds: crowd)
        #expect(evidence?.corroborated == true)
        #expect(evidence?.terms?[.strangersLanguage] == 1 && evidence?.terms?[.strangersLanguageList] == nil)
    }
}
