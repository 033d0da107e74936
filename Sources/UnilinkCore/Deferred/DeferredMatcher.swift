import Foundation

/// Decides which pending click, if any, an app's first launch came from (DOMAIN.md
/// section 8). Pure: the candidates and the time come in.
///
/// Every candidate competes with "no click at all": most installs are organic, and an
/// address shared with a clicker (carrier NAT, a family's Wi-Fi, an office, a neighbour
/// in the same /24) is not evidence by itself. Each piece of evidence multiplies the odds
/// by how much likelier it is for the clicker than for an organic install on the same
/// network (a likelihood ratio); the answer is the posterior probability of the best
/// candidate against all the others and against "organic". Two equally good clicks share
/// the probability, so neither is confident.
public struct DeferredMatcher: Sendable {
    public var model: DeferredMatchModel
    /// Each `Evidence` lists its terms (for fitting the model); off where answers are given,
    /// so weighing a candidate allocates nothing.
    public var recordsTerms = false

    public init(model: DeferredMatchModel = DeferredMatchModel(), recordsTerms: Bool = false) {
        self.model = model
        self.recordsTerms = recordsTerms
    }

    public enum Decision: Sendable, Equatable {
        case match(PendingClick, confidence: Double, strength: Strength)
        case noMatch(NoMatchReason)
    }

    /// How a probabilistic answer may be used.
    public enum Strength: String, Sendable, Equatable {
        /// Confident enough to act on (at or above the app's threshold).
        case probabilistic
        /// Plausible, not confident: given only to an SDK that asks for weak matches.
        case weak
    }

    public enum NoMatchReason: String, Sendable, Equatable {
        case noCandidates = "no_candidates"
        case tooWeak = "too_weak"
        case ambiguous
    }

    /// - Parameter threshold: the app's `min_match_confidence`; below it a match is weak.
    /// - Parameter history: the busiest hour of the last day of the install's prefix's
    ///   addresses (`NetworkCrowd`): a crowd the match window no longer shows.
    public func decide(_ install: InstallFingerprint, among candidates: [PendingClick], threshold: Double, history: [NetworkCrowd] = []) -> Decision {
        let crowds = Crowds(candidates, for: install, history: history)
        let scored = candidates.compactMap { click in evidence(install, click, crowds: crowds).map { (click, $0) } }
        guard !scored.isEmpty else { return .noMatch(.noCandidates) }
        let odds = scored.map { exp($0.1.logRatio) }
        let total = 1 + odds.reduce(0, +)
        let bestIndex = odds.indices.max { odds[$0] < odds[$1] }!
        let (best, bestEvidence) = scored[bestIndex]
        let posterior = odds[bestIndex] / total
        let confidence = (posterior * 1000).rounded(.down) / 1000
        // A close second means a coin flip, whatever the total: no answer, not even a weak one.
        let runnerUp = odds.indices.filter { $0 != bestIndex }.map { odds[$0] }.max() ?? 0
        guard runnerUp * 2 <= odds[bestIndex] else { return .noMatch(.ambiguous) }
        guard confidence >= model.weakFloor else { return .noMatch(.tooWeak) }
        let strength: Strength = bestEvidence.corroborated && confidence >= threshold ? .probabilistic : .weak
        return .match(best, confidence: confidence, strength: strength)
    }

    /// How many clicks from phones of each system each address and each pool (prefix,
    /// relay country) had in the match window: the crowd a candidate stands in (an iPhone's
    /// install competes with iPhones). A home has one or two; a carrier NAT, an office's or
    /// a café's Wi-Fi, or a relay's country, many. Counted for one install: a relay
    /// country's crowd is its clicks that could be the install's, those whose region keeps
    /// the install's clock at the install's moment (and those known by country only), so a
    /// click from a small state stands in the same crowd as an equally good Californian's.
    /// Whether an address (or a prefix) is a household's is read from its busiest hour of
    /// the last day too (`NetworkCrowd`; a prefix's is its addresses' together): a carrier
    /// NAT in a quiet hour is still strangers'. The prior stays divided by the window's
    /// crowd, the clicks that compete, as the model's weights were fitted.
    public struct Crowds: Sendable {
        private struct Key: Hashable {
            let os: UserAgent.OS
            let key: String
        }

        private var byAddress: [Key: Int] = [:]
        private var byPool: [Key: Int] = [:]
        /// The busiest hour of the last day, where it was more than the window shows.
        private var busiestAddress: [Key: Int] = [:]
        private var busiestPool: [Key: Int] = [:]
        /// `RegionTimeZones.agree` for the install, once per relay region.
        private var regionClocks: [String: Bool?] = [:]

        public init(_ candidates: [PendingClick], for install: InstallFingerprint, history: [NetworkCrowd] = []) {
            for click in candidates {
                if let key = click.networkKey { byAddress[Key(os: click.os, key: key), default: 0] += 1 }
                guard let pool = click.prefixKey else { continue }
                if click.network == .relay {
                    guard let region = click.relayRegion else { continue }
                    if regionClocks[region] == nil {
                        regionClocks[region] = install.signals.timeZone.flatMap { RegionTimeZones.agree(region: region, zone: $0, at: install.time) }
                    }
                    if regionClocks[region] == .some(false) { continue }
                }
                byPool[Key(os: click.os, key: pool), default: 0] += 1
            }
            for crowd in history {
                let address = Key(os: crowd.os, key: crowd.networkKey)
                busiestAddress[address] = max(busiestAddress[address] ?? 0, crowd.clicks)
                busiestPool[Key(os: crowd.os, key: crowd.prefixKey), default: 0] += crowd.clicks
            }
        }

        func onAddress(_ key: String, os: UserAgent.OS) -> Int { byAddress[Key(os: os, key: key)] ?? 1 }
        func inPool(_ key: String, os: UserAgent.OS) -> Int { byPool[Key(os: os, key: key)] ?? 1 }
        /// The window's crowd or the busiest hour's, whichever is larger.
        func busiestOnAddress(_ key: String, os: UserAgent.OS) -> Int { max(onAddress(key, os: os), busiestAddress[Key(os: os, key: key)] ?? 0) }
        func busiestInPool(_ key: String, os: UserAgent.OS) -> Int { max(inPool(key, os: os), busiestPool[Key(os: os, key: key)] ?? 0) }

        /// Whether a relay region's clock is the install's (`RegionTimeZones.agree`), from
        /// the regions these crowds were counted for.
        func regionAgrees(_ region: String, zone: String, at time: Date) -> Bool? {
            if let known = regionClocks[region] { return known }
            return RegionTimeZones.agree(region: region, zone: zone, at: time)
        }
    }

    /// What speaks for and against one click being this install's; `nil` when it cannot be.
    public struct Evidence: Sendable, Equatable {
        /// Natural log of the odds (the prior for a click in its crowd, times the likelihood
        /// ratio of clicker against an organic install on the same network).
        public var logRatio: Double
        /// The same address (IPv4) or /64 (IPv6), in a crowd small enough to be a household.
        public var sameHousehold: Bool
        /// OS version, screen or model agreeing.
        public var deviceAgreements: Int
        /// The screen (unmasked) or the hardware model agreeing: enough to vouch for a neighbour.
        public var strongDeviceAgreement: Bool
        /// How many clicks shared the network the match rests on in the window.
        public var crowd: Int
        /// More clicks than a household's on that network, in the window or in its busiest
        /// hour of the last day.
        public var crowded = false
        /// Confident answers need more than the address: in a household its screen or model,
        /// or its OS version with the page's zone or languages or the store tap; outside a
        /// household its screen or model with its OS version and languages; a click that
        /// stopped at the preview never in a crowd.
        public var corroborated: Bool
        /// What `logRatio` is made of, by a matcher that `recordsTerms`: how much of each term
        /// (`Benchmarks/deferred_fit.py` fits the model's weights to these).
        public var terms: [DeferredMatchModel.Term: Double]? = nil

        mutating func add(_ term: DeferredMatchModel.Term, _ amount: Double = 1, _ model: DeferredMatchModel) {
            terms?[term, default: 0] += amount
            logRatio += model.weight(term) * amount
        }
    }

    public func evidence(_ install: InstallFingerprint, _ click: PendingClick, crowds: Crowds? = nil) -> Evidence? {
        guard click.consumedBy == nil, click.os == install.os, click.time <= install.time, click.expiresAt > install.time else { return nil }
        // Play's referrer named no click: one that reached Play through us with its id there is another's.
        if install.os == .android && install.playReferrerRead && click.reachedStore == true && click.referredToPlay == true { return nil }
        let crowds = crowds ?? Crowds([click], for: install)
        var evidence = Evidence(logRatio: 0, sameHousehold: false, deviceAgreements: 0, strongDeviceAgreement: false, crowd: 1, corroborated: false)
        if recordsTerms { evidence.terms = [:] }
        let crowdTerm: DeferredMatchModel.Term
        switch click.network {
        case .relay:
            // Never the relay's address: its country against the install's time zone.
            guard let region = click.relayRegion, let zone = install.signals.timeZone, let country = TimeZoneCountries.country(of: zone),
                region.hasPrefix(country)
            else { return nil }
            evidence.crowd = click.prefixKey.map { crowds.inPool($0, os: click.os) } ?? 1
            evidence.crowded = evidence.crowd > model.householdClicks
            crowdTerm = .relayCrowd
            evidence.add(.relayRegion, 1, model)
            // Below the country where its regions keep different clocks.
            if let agrees = crowds.regionAgrees(region, zone: zone, at: install.time) {
                guard agrees else { return nil }
                evidence.add(.relayRegionZone, 1, model)
            }
        case .ipv4, .ipv6:
            guard click.network == install.network else { return nil }
            let v6 = click.network == .ipv6
            if let key = install.networkKey, key == click.networkKey {
                evidence.crowd = crowds.onAddress(key, os: click.os)
                evidence.crowded = crowds.busiestOnAddress(key, os: click.os) > model.householdClicks
                if !evidence.crowded {
                    evidence.sameHousehold = true
                    evidence.add(v6 ? .sameIPv6Network : .sameAddress, 1, model)
                } else {
                    evidence.add(.crowdedAddress, 1, model)
                }
                crowdTerm = .crowd
            } else if let prefix = install.prefixKey, prefix == click.prefixKey {
                evidence.crowd = crowds.inPool(prefix, os: click.os)
                evidence.crowded = crowds.busiestInPool(prefix, os: click.os) > model.householdClicks
                if v6 && !evidence.crowded {
                    evidence.sameHousehold = true
                }
                evidence.add(v6 ? .sameIPv6Site : .samePrefix, 1, model)
                crowdTerm = .poolCrowd
            } else {
                return nil
            }
        }
        // Every click of the crowd is as likely a priori, and so many more people who never
        // clicked install from a crowded network: the prior falls with the crowd.
        evidence.add(.prior, 1, model)
        evidence.add(crowdTerm, log(Double(max(1, evidence.crowd))), model)
        let terms = evidence.sameHousehold ? DeviceTerms.household : DeviceTerms.strangers
        var osAgrees = false
        // The page's script ran and its zone or languages agreed.
        var pageAgrees = false
        switch Self.compare(osVersion: click.deviceOSVersion, install.osVersion) {
        case .contradicts: return nil
        case .agrees:
            evidence.add(terms.osVersion, 1, model)
            evidence.deviceAgreements += 1
            osAgrees = true
        case .unknown: break
        }
        if let clickModel = click.model, let installModel = install.model {
            guard clickModel.caseInsensitiveCompare(installModel) == .orderedSame else { return nil }
            // Android's User-Agent names it; on iOS only an in-app browser's does.
            evidence.add(click.os == .ios ? terms.inAppModel : terms.hardwareModel, 1, model)
            evidence.deviceAgreements += 1
            evidence.strongDeviceAgreement = true
        }
        if let signals = click.signals {
            switch Self.compare(screen: signals, install.signals) {
            case .agrees where click.screenMayBeMasked:
                evidence.add(.maskedScreenAgrees, 1, model)
            case .agrees:
                evidence.add(terms.screen, 1, model)
                evidence.deviceAgreements += 1
                evidence.strongDeviceAgreement = true
            // Safari 26 reports fixed window metrics: a mismatch is expected, not a contradiction.
            case .contradicts where click.screenMayBeMasked:
                evidence.add(.maskedScreenDiffers, 1, model)
            case .contradicts: return nil
            case .unknown: break
            }
            if let zone = signals.timeZone, let installZone = install.signals.timeZone {
                guard zone == installZone else { return nil }
                evidence.add(evidence.sameHousehold ? .timeZone : .timeZoneAmongStrangers, 1, model)
                pageAgrees = true
            }
            if Self.languagesAgree(page: signals.languages, app: install.signals.languages) { pageAgrees = true }
        }
        switch click.reachedStore {
        case true?: evidence.add(.reachedStore, 1, model)
        case false?: evidence.add(.stoppedAtPreview, 1, model)
        case nil: break
        }
        for term in languageEvidence(click, install, terms) { evidence.add(term, 1, model) }
        evidence.add(.recency, recencyEvidence(click, install), model)
        if evidence.sameHousehold {
            // The screen or the model; the OS version alone only with the page's signals or
            // the store tap beside it: housemates' iPhones often run one version, and a
            // click that stopped at a preview whose script never ran says little else.
            evidence.corroborated = evidence.strongDeviceAgreement || (osAgrees && (pageAgrees || click.reachedStore == true))
        } else {
            // Among strangers: the screen or the model, the OS version, and the page's
            // languages agreeing.
            let sameLanguages = Self.languagesAgree(page: click.signals?.languages ?? [], app: install.signals.languages)
            evidence.corroborated = evidence.strongDeviceAgreement && osAgrees && sameLanguages
        }
        if click.reachedStore == false && evidence.crowded { evidence.corroborated = false }
        return evidence
    }

    /// The device's terms for one kind of organic competitor (`DeviceWeights`).
    struct DeviceTerms {
        let osVersion, hardwareModel, inAppModel, screen, language, languageList: DeferredMatchModel.Term

        static let household = DeviceTerms(
            osVersion: .householdOSVersion, hardwareModel: .householdModel, inAppModel: .householdInAppModel, screen: .householdScreen,
            language: .householdLanguage, languageList: .householdLanguageList)
        static let strangers = DeviceTerms(
            osVersion: .strangersOSVersion, hardwareModel: .strangersModel, inAppModel: .strangersInAppModel, screen: .strangersScreen,
            language: .strangersLanguage, languageList: .strangersLanguageList)
    }

    private func languageEvidence(_ click: PendingClick, _ install: InstallFingerprint, _ terms: DeviceTerms) -> [DeferredMatchModel.Term] {
        let pageLanguages = click.signals?.languages ?? []
        let clickLanguages = pageLanguages.isEmpty ? click.acceptLanguages : pageLanguages
        guard let first = clickLanguages.first, let installFirst = install.signals.languages.first else { return [] }
        guard Self.language(first) == Self.language(installFirst) else { return [.languageDiffers] }
        // The page and the app read the same system list: the whole list agreeing is rarer.
        // WebKit (every iOS browser) gives the page the first language only, which says no more.
        if pageLanguages.count > 1, Self.languagesAgree(page: pageLanguages, app: install.signals.languages) {
            return [terms.language, terms.languageList]
        }
        return [terms.language]
    }

    /// The page's languages and the app's agree: the whole list where the browser gave one,
    /// the first tag where it gave only that (WebKit's `navigator.languages` has one entry).
    public static func languagesAgree(page: [String], app: [String]) -> Bool {
        guard let first = page.first, let appFirst = app.first else { return false }
        guard page.count > 1 else { return normalized(first) == normalized(appFirst) }
        return page.map(normalized) == app.map(normalized)
    }

    /// Installs that follow a click come soon after it; organic ones at any time. Someone
    /// who went on to the store installs within minutes; someone who stopped at the preview
    /// may go to the store on their own at once, or find the app there later in the hour.
    private func recencyEvidence(_ click: PendingClick, _ install: InstallFingerprint) -> Double {
        let window = click.expiresAt.timeIntervalSince(click.time)
        guard window > 0 else { return 0 }
        let elapsed = max(0, install.time.timeIntervalSince(click.time))
        func density(_ share: Double, _ minutes: Double) -> Double {
            share * (window / minutes / 60) * exp(-elapsed / (minutes * 60))
        }
        guard click.reachedStore == false else {
            return log(density(model.promptInstallShare, model.promptInstallMinutes) + (1 - model.promptInstallShare))
        }
        let soon = density(model.untappedPromptShare, model.promptInstallMinutes)
        let later = density(model.untappedLaterShare, model.untappedLaterMinutes)
        return log(soon + later + (1 - model.untappedPromptShare - model.untappedLaterShare))
    }

    enum Agreement {
        case agrees, contradicts, unknown
    }

    /// Major and minor must agree. Safari on iOS 26 still says 18.6 or 18.7 (Apple froze the
    /// User-Agent), so a click at 18.6/18.7 is unknown, not a contradiction, for iOS 26+.
    static func compare(osVersion clickVersion: String?, _ installVersion: String?) -> Agreement {
        guard let clickVersion, let installVersion else { return .unknown }
        let click = clickVersion.split(separator: ".").prefix(2).compactMap { Int($0) }
        let install = installVersion.split(separator: ".").prefix(2).compactMap { Int($0) }
        guard let clickMajor = click.first, let installMajor = install.first else { return .unknown }
        if clickMajor == 18, [6, 7].contains(click.dropFirst().first), installMajor >= 26 { return .unknown }
        if clickMajor != installMajor { return .contradicts }
        if let clickMinor = click.dropFirst().first, let installMinor = install.dropFirst().first, clickMinor != installMinor { return .contradicts }
        return .agrees
    }

    /// The page reports CSS points times a pixel ratio, the app points or pixels: any of
    /// those readings agreeing counts; both known and none agreeing contradicts.
    static func compare(screen click: DeviceSignals, _ install: DeviceSignals) -> Agreement {
        guard let clickSides = click.sides, let installSides = install.sides else { return .unknown }
        let readings = [click.pixels, clickSides].compactMap { $0 }
        let installReadings = [install.pixels, installSides].compactMap { $0 }
        for reading in readings where installReadings.contains(where: { $0 == reading }) { return .agrees }
        return .contradicts
    }

    static func language(_ tag: String) -> Substring {
        tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
    }

    static func normalized(_ tag: String) -> String {
        tag.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
