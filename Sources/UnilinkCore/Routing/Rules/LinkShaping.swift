/// What routing rules and an A/B test make of one click: the link's own rules first, then
/// its app's; a visitor no rule took is split between the link's variants. Pure: the
/// visitor's cookie and a stable key come in.
public struct LinkShaping: Sendable, Equatable {
    /// The rule that gave the destination (`fromApp`: one of the app's default rules).
    public var rule: Int?
    public var ruleName: String?
    public var fromApp = false
    /// The visitor's variant, and whether the cookie must be set (it did not name it).
    public var variant: String?
    public var assignsVariant = false

    public init() {}

    /// Shapes `link` for `visitor`: its content becomes what this visitor gets. `splits`:
    /// whether the visitor takes part in an A/B test (not a crawler drawing a card everyone
    /// will see, not a HEAD check). `carried`: the decision the click's first step made
    /// (`ul_rule`), taken instead of testing the rules again while it still names a rule.
    public static func shape(
        _ link: inout ResolvedLink, visitor: RuleVisitor, variantCookie: Substring?, carried: CarriedRule? = nil, splits: Bool = true,
        visitorKey: () -> UInt64
    ) -> LinkShaping {
        let own = link.link?.routing
        let defaults = link.app.defaultRules
        switch carried {
        case .link(let index)?:
            if let own, index < own.rules.count, !own.rules[index].neverHolds { return ruled(&link, by: own, index, fromApp: false) }
        case .app(let index)?:
            if let defaults, index < defaults.rules.count, !defaults.rules[index].neverHolds {
                return ruled(&link, by: defaults, index, fromApp: true)
            }
        case .noRule?:
            return split(&link, own, variantCookie: variantCookie, splits: splits, visitorKey: visitorKey)
        case nil:
            break
        }
        // Not carried, or the rules changed since the page was drawn (or this instance no
        // longer accepts the rule named): tested here.
        if let own, let index = own.rule(for: visitor) { return ruled(&link, by: own, index, fromApp: false) }
        if let defaults, let index = defaults.rule(for: visitor) { return ruled(&link, by: defaults, index, fromApp: true) }
        return split(&link, own, variantCookie: variantCookie, splits: splits, visitorKey: visitorKey)
    }

    private static func ruled(_ link: inout ResolvedLink, by routing: LinkRouting, _ index: Int, fromApp: Bool) -> LinkShaping {
        var shaping = LinkShaping()
        routing.rules[index].destination.apply(to: &link.content)
        shaping.rule = index
        shaping.ruleName = routing.rules[index].name
        shaping.fromApp = fromApp
        link.shaping = UInt16((fromApp ? 0x100 : 1) + index)
        return shaping
    }

    private static func split(
        _ link: inout ResolvedLink, _ own: LinkRouting?, variantCookie: Substring?, splits: Bool, visitorKey: () -> UInt64
    ) -> LinkShaping {
        var shaping = LinkShaping()
        if splits, let own, let index = own.variant(cookie: variantCookie, key: visitorKey()) {
            let variant = own.variants[index]
            variant.destination.apply(to: &link.content)
            shaping.variant = variant.name
            shaping.assignsVariant = variantCookie.map { $0 != variant.name[...] } ?? true
            link.shaping = UInt16(0x200 + index)
            link.variant = variant.name
        }
        return shaping
    }

    /// The link has rules or variants of its own, or its app has default rules.
    public static func applies(to link: ResolvedLink) -> Bool {
        link.link?.routing != nil || link.app.defaultRules != nil
    }

    /// Whether a rule may look at the visitor's country or region.
    public static func needsPlace(_ link: ResolvedLink) -> Bool {
        link.link?.routing?.needsPlace == true || link.app.defaultRules?.needsPlace == true
    }
}
