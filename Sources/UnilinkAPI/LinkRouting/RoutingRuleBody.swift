/// One routing rule as the API reads and writes it: when its conditions hold (all of them,
/// or any), the visitor gets its destination instead of the link's. Rules are tried in order
/// and the first that holds wins; a link's rules come before its app's.
public struct RoutingRuleBody: Codable, Sendable, Equatable {
    public var name: String?
    /// `all` (the default) or `any`.
    public var match: String?
    public var conditions: [RuleConditionBody]
    public var destination: DestinationOverrideBody

    public init(name: String? = nil, match: String? = nil, conditions: [RuleConditionBody], destination: DestinationOverrideBody) {
        self.name = name
        self.match = match
        self.conditions = conditions
        self.destination = destination
    }
}
