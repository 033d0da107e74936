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

    public init(model: DeferredMatchModel = DeferredMatchModel()) {
        self.model = model
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
    public func decide(_ install: InstallFingerprint, among candidates: [PendingClick], threshold: Double) -> Decision {
        let scored = candidates.compactMap { click in evidence(install, click).map { (click, $0) } }
        guard !scored.isEmpty else { return .noMatch(.noCandidates) }
        let odds = scored.map { model.priorOdds * exp($0.1.logRatio) }
        let total = 1 + odds.reduce(0, +)
        let bestIndex = odds.indices.max { odds[$0] < odds[$1] }!
        let (best, bestEvidence) = scored[bestIndex]
        let posterior = odds[bestIndex] / total
        let confidence = (posterior * 1000).rounded(.down) / 1000
        // A close second means a coin flip, whatever the total: no answer, not even a weak one.
        let runnerUp = odds.indices.filter { $0 != bestIndex }.map { odds[$0] }.max() ?? 0
        guard runnerUp * 2 <= odds[bestIndex] else { return .noMatch(.ambiguous) }
        guard confidence >= model.weakFloor else { return .noMatch(.tooWeak) }
        // An address is never enough alone, and a neighbour's address needs the device to agree.
        let corroborated = bestEvidence.deviceAgreements > 0 && (bestEvidence.sameAddress || bestEvidence.strongDeviceAgreement)
        let strength: Strength = corroborated && confidence >= threshold ? .probabilistic : .weak
        return .match(best, confidence: confidence, strength: strength)
    }

    /// What speaks for and against one click being this install's; `nil` when it cannot be.
    public struct Evidence: Sendable, Equatable {
        /// Natural log of the likelihood ratio (clicker vs organic install on the same network).
        public var logRatio: Double
        public var sameAddress: Bool
        /// OS version, screen or model agreeing.
        public var deviceAgreements: Int
        /// The screen (unmasked) or the hardware model agreeing: enough to vouch for a neighbour.
        public var strongDeviceAgreement: Bool
    }

    public func evidence(_ install: InstallFingerprint, _ click: PendingClick) -> Evidence? {
        guard click.consumedBy == nil, click.os == install.os, click.time <= install.time, click.expiresAt > install.time else { return nil }
        var evidence = Evidence(logRatio: 0, sameAddress: false, deviceAgreements: 0, strongDeviceAgreement: false)
        if let key = install.networkKey, key == click.networkKey {
            evidence.sameAddress = true
            evidence.logRatio += model.sameAddress
        } else if let prefix = install.prefixKey, prefix == click.prefixKey {
            evidence.logRatio += model.samePrefix
        } else {
            return nil
        }
        let weights = evidence.sameAddress ? model.household : model.strangers
        switch Self.compare(osVersion: click.deviceOSVersion, install.osVersion) {
        case .contradicts: return nil
        case .agrees:
            evidence.logRatio += weights.osVersion
            evidence.deviceAgreements += 1
        case .unknown: break
        }
        if let clickModel = click.model, let installModel = install.model {
            guard clickModel.caseInsensitiveCompare(installModel) == .orderedSame else { return nil }
            evidence.logRatio += weights.hardwareModel
            evidence.deviceAgreements += 1
            evidence.strongDeviceAgreement = true
        }
        if let signals = click.signals {
            switch Self.compare(screen: signals, install.signals) {
            case .agrees where click.screenMayBeMasked:
                evidence.logRatio += model.maskedScreenAgrees
            case .agrees:
                evidence.logRatio += weights.screen
                evidence.deviceAgreements += 1
                evidence.strongDeviceAgreement = true
            // Safari 26 reports fixed window metrics: a mismatch is expected, not a contradiction.
            case .contradicts where click.screenMayBeMasked:
                evidence.logRatio += model.maskedScreenDiffers
            case .contradicts: return nil
            case .unknown: break
            }
            if let zone = signals.timeZone, let installZone = install.signals.timeZone {
                guard zone == installZone else { return nil }
                evidence.logRatio += model.timeZone
            }
        }
        switch click.reachedStore {
        case true?: evidence.logRatio += model.reachedStore
        case false?: evidence.logRatio += model.stoppedAtPreview
        case nil: break
        }
        evidence.logRatio += languageEvidence(click, install, weights)
        evidence.logRatio += recencyEvidence(click, install)
        return evidence
    }

    private func languageEvidence(_ click: PendingClick, _ install: InstallFingerprint, _ weights: DeviceWeights) -> Double {
        let pageLanguages = click.signals?.languages ?? []
        let clickLanguages = pageLanguages.isEmpty ? click.acceptLanguages : pageLanguages
        guard let first = clickLanguages.first, let installFirst = install.signals.languages.first else { return 0 }
        guard Self.language(first) == Self.language(installFirst) else { return model.languageDiffers }
        var ratio = weights.language
        // The page and the app read the same system list: the whole list agreeing is rarer.
        if !pageLanguages.isEmpty, pageLanguages.map(Self.normalized) == install.signals.languages.map(Self.normalized) {
            ratio += weights.languageList
        }
        return ratio
    }

    /// Installs that follow a click come soon after it; organic ones at any time.
    private func recencyEvidence(_ click: PendingClick, _ install: InstallFingerprint) -> Double {
        let window = click.expiresAt.timeIntervalSince(click.time)
        guard window > 0 else { return 0 }
        let elapsed = max(0, install.time.timeIntervalSince(click.time))
        let soon = model.promptInstallShare * (window / model.promptInstallMinutes / 60) * exp(-elapsed / (model.promptInstallMinutes * 60))
        return log(soon + (1 - model.promptInstallShare))
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
