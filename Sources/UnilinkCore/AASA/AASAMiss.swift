/// Why an association file does not open a URL in an app: the check that failed first, as
/// Apple's matcher makes them (scheme, host, app, then each rule's components). Built only
/// for explanations (`AASAMatcher.explain`); matching itself (`decide`) never makes one.
public enum AASAMiss: Sendable, Equatable {
    case notAbsoluteURL
    /// Universal links are https only.
    case notHTTPS(scheme: String)
    /// The file speaks for the host it was served on, and the URL is on another.
    case hostNotServed(urlHost: String, fileHost: String)
    /// No `details` entry names the app in `appIDs` or `appID`.
    case appNotNamed(appID: String, named: [String])
    /// The file names the app, but none of its rules matches: each rule tried, in order,
    /// with the component that failed it. Empty when the app's entries have no rules.
    case noRuleMatched([AASARuleMiss])
}

/// One rule that did not match a URL, and the first of its components that failed.
public struct AASARuleMiss: Sendable, Equatable {
    public enum Component: Sendable, Equatable {
        /// `value` as the rule compared it (normalized, folded or decoded as the rule asks).
        case path(pattern: String, value: String)
        case query(pattern: String, value: String)
        /// `value` is the first occurrence that failed; `nil` when the item is absent
        /// (it then counts as empty, and the pattern does not match empty).
        case queryItem(name: String, pattern: String, value: String?)
        case fragment(pattern: String, value: String)
    }

    public var rule: AASARuleReference
    public var component: Component
    /// The rule would have excluded the URL (`exclude: true`, `NOT `).
    public var excludes: Bool

    public init(rule: AASARuleReference, component: Component, excludes: Bool = false) {
        self.rule = rule
        self.component = component
        self.excludes = excludes
    }
}
