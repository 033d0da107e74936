/// What routing rules and an A/B test make of one click: the link's own rules first, then
/// its app's; a visitor no rule took is split between the link's variants. Pure: the
/// visitor's cookie and a stable key come in.
public struct LinkShaping: Sendable, Equatable {
    /// The rule that gave the destination (`fromApp`: one of the app's default rules).
    public var rule: Int?
    public var fromApp = false
    /// The visitor's variant, and whether the cookie must be set (it did not name it).
    public var variant: String?
    public var assignsVariant = false

    public init() {}

    /// Shapes `link` for `visitor`: its content becomes what this visitor gets. `splits`:
    /// whether the visitor takes part in an A/B test (not a crawler drawing a card everyone
    /// will see, not a HEAD check).
    public static func shape(
        _ link: inout ResolvedLink, visitor: RuleVisitor, variantCookie: Substring?, splits: Bool = true, visitorKey: () -> UInt64
    ) -> LinkShaping {
        var shaping = LinkShaping()
        let own = link.link?.routing
        if let own, let index = own.rule(for: visitor) {
            own.rules[index].destination.apply(to: &link.content)
            shaping.rule = index
            link.shaping = UInt16(index + 1)
            return shaping
        }
        if let defaults = link.app.defaultRules, let index = defaults.rule(for: visitor) {
            defaults.rules[index].destination.apply(to: &link.content)
            shaping.rule = index
            shaping.fromApp = true
            link.shaping = UInt16(0x100 + index)
            return shaping
        }
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
