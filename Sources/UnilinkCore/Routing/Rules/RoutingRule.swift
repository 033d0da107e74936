public import UnilinkAPI

/// A routing rule, checked and ready to test: when its conditions hold (all, or any), the
/// visitor gets its destination.
public struct RoutingRule: Sendable, Equatable {
    public var name: String?
    public var matchesAny: Bool
    public var conditions: [RoutingCondition]
    public var destination: DestinationOverride
    /// A country or region condition: the click needs the visitor's place.
    public var needsPlace: Bool
    /// As it was set, for saying it in words.
    public var body: RoutingRuleBody

    public func holds(for visitor: RuleVisitor) -> Bool {
        if matchesAny {
            for condition in conditions where condition.holds(for: visitor) { return true }
            return false
        }
        for condition in conditions where !condition.holds(for: visitor) { return false }
        return true
    }

    public static let maximumConditions = 20

    /// A stored rule that no longer passes its checks: no condition, so it never holds
    /// (any of none), and nothing to give.
    init(neverHolding body: RoutingRuleBody) {
        self.body = body
        name = body.name
        matchesAny = true
        conditions = []
        destination = DestinationOverride(DestinationOverrideBody())
        needsPlace = false
    }

    /// A stored rule this build no longer accepts (`init(neverHolding:)`).
    public var neverHolds: Bool { conditions.isEmpty }

    /// The rule `body`, checked; `field` names it in errors (`rules[2]`).
    public init(_ body: RoutingRuleBody, field: String) throws(RoutingRuleError) {
        if let name = body.name, name.count > 100 { throw RoutingRuleError("\(field).name", "takes up to 100 characters") }
        self.body = body
        name = body.name
        switch body.match ?? "all" {
        case "all": matchesAny = false
        case "any": matchesAny = true
        default: throw RoutingRuleError("\(field).match", "'\(body.match ?? "")' is neither 'all' nor 'any'")
        }
        guard (1...Self.maximumConditions).contains(body.conditions.count) else {
            throw RoutingRuleError("\(field).conditions", "needs 1 to \(Self.maximumConditions) conditions")
        }
        var conditions: [RoutingCondition] = []
        for (index, condition) in body.conditions.enumerated() {
            conditions.append(try RoutingCondition(condition, field: "\(field).conditions[\(index)]"))
        }
        self.conditions = conditions
        destination = DestinationOverride(body.destination)
        if destination.isEmpty { throw RoutingRuleError("\(field).destination", "sets nothing: give at least one destination or preview text") }
        needsPlace = conditions.contains {
            switch $0.test {
            case .country, .region: true
            default: false
            }
        }
    }
}
