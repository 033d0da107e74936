import Foundation

/// Decides which pending click, if any, an app's first launch came from (DOMAIN.md
/// section 8). Pure: the candidates and the time come in.
///
/// A candidate must share the install's network (same address, or the same /24 or /48
/// with more device evidence) and must not contradict it (platform, OS version, screen,
/// time zone, model). Among the rest the best score wins only by a clear margin: two
/// equally plausible clicks (an office, a carrier NAT) give no answer rather than the
/// wrong content. Recency can never decide alone.
public struct DeferredMatcher: Sendable {
    public struct Weights: Sendable {
        public var sameAddress = 6.0
        public var samePrefix = 2.5
        public var osVersion = 1.0
        public var screen = 2.0
        public var timeZone = 1.0
        public var language = 0.5
        public var model = 2.0
        /// The most recency adds, for a click just before the install.
        public var recency = 0.5
        /// A match needs at least this score...
        public var threshold = 4.5
        /// ...and this lead over the next candidate.
        public var margin = 1.0

        public init() {}
    }

    public enum Decision: Sendable, Equatable {
        case match(PendingClick, confidence: Double)
        case noMatch(NoMatchReason)
    }

    public enum NoMatchReason: String, Sendable, Equatable {
        case noCandidates = "no_candidates"
        case tooWeak = "too_weak"
        case ambiguous
    }

    public var weights: Weights

    public init(weights: Weights = Weights()) {
        self.weights = weights
    }

    public func decide(_ install: InstallFingerprint, among candidates: [PendingClick]) -> Decision {
        let scored = candidates.compactMap { click in score(install, click).map { (click, $0) } }
            .sorted { $0.1 > $1.1 }
        guard let best = scored.first else { return .noMatch(.noCandidates) }
        guard best.1 >= weights.threshold else { return .noMatch(.tooWeak) }
        let lead = scored.count > 1 ? best.1 - scored[1].1 : .infinity
        guard lead >= weights.margin else { return .noMatch(.ambiguous) }
        let confidence = min(0.99, 0.6 + 0.05 * (best.1 - weights.threshold) + 0.1 * min(lead, 3))
        return .match(best.0, confidence: (confidence * 100).rounded() / 100)
    }

    /// `nil` when the click cannot be this install's; otherwise the evidence for it.
    public func score(_ install: InstallFingerprint, _ click: PendingClick) -> Double? {
        guard click.consumedBy == nil, click.os == install.os, click.time <= install.time, click.expiresAt > install.time else { return nil }
        var score = 0.0
        if let key = install.networkKey, key == click.networkKey {
            score += weights.sameAddress
        } else if let prefix = install.prefixKey, prefix == click.prefixKey {
            score += weights.samePrefix
        } else {
            return nil
        }
        switch Self.compare(osVersion: click.osVersion, install.osVersion) {
        case .contradicts: return nil
        case .agrees: score += weights.osVersion
        case .unknown: break
        }
        if let clickModel = click.model, let model = install.model {
            guard Self.sameModel(clickModel, model) else { return nil }
            score += weights.model
        }
        if let signals = click.signals {
            switch Self.compare(screen: signals, install.signals) {
            case .contradicts: return nil
            case .agrees: score += weights.screen
            case .unknown: break
            }
            if let zone = signals.timeZone, let installZone = install.signals.timeZone {
                guard zone == installZone else { return nil }
                score += weights.timeZone
            }
        }
        let clickLanguages = (click.signals?.languages ?? []) + click.acceptLanguages
        if let first = clickLanguages.first, let installFirst = install.signals.languages.first,
           Self.language(first) == Self.language(installFirst) {
            score += weights.language
        }
        let window = click.expiresAt.timeIntervalSince(click.time)
        if window > 0 {
            score += weights.recency * max(0, 1 - install.time.timeIntervalSince(click.time) / window)
        }
        return score
    }

    enum Agreement {
        case agrees, contradicts, unknown
    }

    /// Major and minor must agree. Safari on iOS 26 still says 18.6 (Apple froze the
    /// User-Agent), so a click at 18.6 is unknown, not a contradiction, for iOS 26+.
    static func compare(osVersion clickVersion: String?, _ installVersion: String?) -> Agreement {
        guard let clickVersion, let installVersion else { return .unknown }
        let click = clickVersion.split(separator: ".").prefix(2).compactMap { Int($0) }
        let install = installVersion.split(separator: ".").prefix(2).compactMap { Int($0) }
        guard let clickMajor = click.first, let installMajor = install.first else { return .unknown }
        if clickMajor == 18 && click.dropFirst().first == 6 && installMajor >= 26 { return .unknown }
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

    static func sameModel(_ a: String, _ b: String) -> Bool {
        a.caseInsensitiveCompare(b) == .orderedSame
    }

    static func language(_ tag: String) -> Substring {
        tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
    }
}
