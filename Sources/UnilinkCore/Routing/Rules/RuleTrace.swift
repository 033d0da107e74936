import UnilinkAPI

/// How a link's rules (then its app's) read one visitor, rule by rule and condition by
/// condition, up to the first that holds; without one, the A/B variant the visitor falls
/// in. For the link debugger and the rule preview; the click path runs `LinkShaping`,
/// which takes the same decisions without the words.
public struct RuleTrace: Sendable, Equatable {
    public struct Condition: Sendable, Equatable {
        /// `country is DE, AT`.
        public var text: String
        /// What the visitor has for it: `US`, `unknown (no country database)`.
        public var seen: String
        public var holds: Bool
    }

    public struct Rule: Sendable, Equatable {
        /// From 1, the link's rules first, then its app's, as the link page numbers them.
        public var number: Int
        public var name: String?
        public var fromApp: Bool
        public var matchesAny: Bool
        public var conditions: [Condition]
        public var holds: Bool
        /// What it gives, in words.
        public var gives: String
    }

    /// The rules tried, in order; the last holds when any does.
    public var rules: [Rule] = []
    /// The visitor's variant when no rule held and the link has an A/B test.
    public var variant: String?

    public var taken: Rule? { rules.last?.holds == true ? rules.last : nil }

    public static func trace(_ link: ResolvedLink, visitor: RuleVisitor, variantCookie: Substring? = nil, visitorKey: UInt64) -> RuleTrace {
        var trace = RuleTrace()
        let own = link.link?.routing?.rules ?? []
        for (fromApp, rules) in [(false, own), (true, link.app.defaultRules?.rules ?? [])] {
            for (index, rule) in rules.enumerated() {
                let conditions =
                    rule.neverHolds
                    ? [Condition(text: "not accepted by this server any more (it no longer passes its checks)", seen: "-", holds: false)]
                    : zip(rule.conditions, rule.body.conditions).map { condition, body in
                        Condition(text: RuleWords.condition(body), seen: condition.seen(by: visitor), holds: condition.holds(for: visitor))
                    }
                let holds = rule.holds(for: visitor)
                trace.rules.append(
                    Rule(
                        number: (fromApp ? own.count : 0) + index + 1, name: rule.name, fromApp: fromApp, matchesAny: rule.matchesAny,
                        conditions: conditions, holds: holds, gives: RuleWords.destination(rule.body.destination)))
                if holds { return trace }
            }
        }
        if let routing = link.link?.routing, let index = routing.variant(cookie: variantCookie, key: visitorKey) {
            trace.variant = routing.variants[index].name
        }
        return trace
    }
}
