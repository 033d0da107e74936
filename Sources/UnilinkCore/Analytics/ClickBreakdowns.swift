public import UnilinkAPI

/// People's clicks over some UTC days by the visitor's country (`unknown` for an address the
/// database does not place) and by the routing rule that gave the destination.
public struct ClickBreakdowns: Sendable, Equatable {
    public var byCountry: [String: Int] = [:]
    public var byRule: [RuleHit: Int] = [:]

    public init() {}

    /// `by_rule`, in the rules' order (the link's, then its app's), then clicks no rule took.
    public var ruleRows: [RuleClicks] {
        func order(_ hit: RuleHit) -> (Int, Int, String) { (hit.number == nil ? 2 : hit.fromApp ? 1 : 0, hit.number ?? 0, hit.name ?? "") }
        return byRule.sorted { order($0.key) < order($1.key) }.map {
            RuleClicks(rule: $0.key.number, name: $0.key.name, fromApp: $0.key.fromApp, clicks: $0.value)
        }
    }
}
