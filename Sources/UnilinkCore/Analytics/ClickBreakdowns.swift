public import UnilinkAPI

/// People's clicks over some UTC days by the visitor's country (`unknown` for an address the
/// database does not place) and by the routing rule that gave the destination.
public struct ClickBreakdowns: Sendable, Equatable {
    public var byCountry: [String: Int] = [:]
    public var byRule: [RuleHit: Int] = [:]

    public init() {}

    /// `by_rule`, in the rules' order (the link's, then its app's), then clicks no rule took.
    public var ruleRows: [RuleClicks] {
        byRule.sorted { a, b in
            ((a.key.number ?? Int.max), a.key.name ?? "", a.key.fromApp ? 1 : 0) < (
                (b.key.number ?? Int.max), b.key.name ?? "", b.key.fromApp ? 1 : 0
            )
        }.map { RuleClicks(rule: $0.key.number, name: $0.key.name, fromApp: $0.key.fromApp, clicks: $0.value) }
    }
}
