/// What the association file says about one URL for one app.
public enum AASADecision: String, Sendable, Equatable, Codable, CaseIterable {
    /// The app opens the URL.
    case match
    /// A rule excludes the URL: Safari opens it, later rules are not consulted.
    case exclude
    /// No rule speaks about the URL (or the app, or the host).
    case noMatch = "no_match"
}

/// A decision and the rule that made it, for explanations (`unilink aasa check`).
public struct AASAVerdict: Sendable, Equatable {
    public var decision: AASADecision
    /// `nil` when no rule decided.
    public var rule: AASARuleReference?
    /// Why nothing matched, when that is not simply "no rule matched".
    public var note: String?

    public static func noMatch(_ note: String? = nil) -> AASAVerdict {
        AASAVerdict(decision: .noMatch, rule: nil, note: note)
    }
}

/// Where a rule stands in the file: `applinks.details[0].components[2]`.
public struct AASARuleReference: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case component(Int)
        case legacyPath(Int)
    }

    public var detail: Int
    public var kind: Kind
    /// The rule as written, in compact JSON (`{"/":"/buy/*","exclude":true}` or `"NOT /help/*"`).
    public var text: String

    public var description: String {
        switch kind {
        case .component(let index): "applinks.details[\(detail)].components[\(index)] \(text)"
        case .legacyPath(let index): "applinks.details[\(detail)].paths[\(index)] \(text)"
        }
    }
}
