/// One row of `by_rule`: people's clicks a routing rule gave the destination to, or none
/// held (`rule` null), by the rule's number and name at the time of the click.
public struct RuleClicks: Codable, Sendable, Equatable {
    /// From 1, among the link's own rules, or among its app's default rules with `fromApp`;
    /// `nil`: no rule held.
    public var rule: Int?
    public var name: String?
    /// One of the app's default rules.
    public var fromApp: Bool
    public var clicks: Int

    public init(rule: Int?, name: String?, fromApp: Bool, clicks: Int) {
        self.rule = rule
        self.name = name
        self.fromApp = fromApp
        self.clicks = clicks
    }

    enum CodingKeys: String, CodingKey {
        case rule, name, clicks
        case fromApp = "from_app"
    }
}
