public import UnilinkAPI

/// A link's routing rules and A/B variants (or an app's default rules), checked once when
/// they are set and kept ready to test. Stored as the API wrote them.
public struct LinkRouting: Sendable, Equatable, Codable {
    public static let maximumRules = 50

    public let rules: [RoutingRule]
    public let variants: [LinkVariant]
    public let ruleBodies: [RoutingRuleBody]
    public let variantBodies: [LinkVariantBody]
    /// Some rule looks at the visitor's country or region.
    public let needsPlace: Bool
    private let totalWeight: Int
    /// What the rules test, flat and in order: a click tests these, not the rules
    /// themselves, whose copies (destination, body) would retain every string they hold.
    private let conditions: [RoutingCondition]
    private let spans: [Span]

    /// A rule's conditions: `conditions[previous end..<end]`.
    private struct Span: Sendable {
        var end: Int
        var matchesAny: Bool
    }

    /// - Parameter field: where the rules are in the request (`rules`, `default_rules`).
    public init(rules: [RoutingRuleBody], variants: [LinkVariantBody], field: String = "rules") throws(RoutingRuleError) {
        try self.init(rules: rules, variants: variants, field: field, lenient: false)
    }

    /// `lenient`: a stored rule or variant that no longer passes (a time zone this machine's
    /// data does not know, a check made stricter since) does not make the whole link
    /// unreadable: such a rule keeps its place and never holds, such a variant is left out;
    /// both stay in what is stored and answered.
    private init(rules: [RoutingRuleBody], variants: [LinkVariantBody], field: String, lenient: Bool) throws(RoutingRuleError) {
        guard rules.count <= Self.maximumRules else { throw RoutingRuleError(field, "takes up to \(Self.maximumRules) rules") }
        var compiled: [RoutingRule] = []
        for (index, rule) in rules.enumerated() {
            do {
                compiled.append(try RoutingRule(rule, field: "\(field)[\(index)]"))
            } catch  where lenient {
                // Kept in its place, so the rules after it keep their numbers (in the
                // numbers by rule, and in a click's carried `ul_rule`).
                compiled.append(RoutingRule(neverHolding: rule))
            }
        }
        guard lenient || variants.isEmpty || (2...LinkVariant.maximumCount).contains(variants.count) else {
            throw RoutingRuleError("variants", "an A/B test needs 2 to \(LinkVariant.maximumCount) variants")
        }
        var arms: [LinkVariant] = []
        for (index, variant) in variants.enumerated() {
            let arm: LinkVariant
            do {
                arm = try LinkVariant(variant, field: "variants[\(index)]")
            } catch  where lenient {
                continue
            }
            if arms.contains(where: { $0.name == arm.name }) {
                if lenient { continue }
                throw RoutingRuleError("variants[\(index)].name", "'\(arm.name)' is already a variant's name")
            }
            arms.append(arm)
        }
        self.rules = compiled
        self.variants = arms
        ruleBodies = rules
        variantBodies = variants
        needsPlace = compiled.contains(where: \.needsPlace)
        totalWeight = arms.reduce(0) { $0 + $1.weight }
        conditions = compiled.flatMap(\.conditions)
        var end = 0
        spans = compiled.map { rule in
            end += rule.conditions.count
            return Span(end: end, matchesAny: rule.matchesAny)
        }
    }

    public var isEmpty: Bool { rules.isEmpty && variants.isEmpty }

    /// The first rule that holds for the visitor.
    public func rule(for visitor: RuleVisitor) -> Int? {
        var start = 0
        for index in spans.indices {
            let span = spans[index]
            // All: holds unless one fails; any: holds when one holds.
            var holds = !span.matchesAny
            for condition in start..<span.end where conditions[condition].holds(for: visitor) == span.matchesAny {
                holds = span.matchesAny
                break
            }
            if holds { return index }
            start = span.end
        }
        return nil
    }

    /// The visitor's variant: the one their cookie names if it still exists, else the one
    /// `key` (a stable hash of who they are) falls in by weight.
    public func variant(cookie: Substring?, key: UInt64) -> Int? {
        guard !variants.isEmpty else { return nil }
        if let cookie, let index = variants.firstIndex(where: { $0.name[...] == cookie }) { return index }
        var point = Int(key % UInt64(totalWeight))
        for index in variants.indices {
            if point < variants[index].weight { return index }
            point -= variants[index].weight
        }
        return variants.count - 1
    }

    /// FNV-1a, 64 bits, then mixed: the same on every instance and after every restart (Swift's own
    /// hashing is seeded per process), so a visitor without the cookie keeps their variant.
    public static func visitorKey(_ parts: String...) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01b3
        }
        // MurmurHash3's finaliser: without it the low bits (all a 1:1 split reads) follow
        // the input's low bits, and one visitor would land in the same arm on every link.
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }

    enum CodingKeys: String, CodingKey {
        case rules, variants
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rules = try container.decodeIfPresent([RoutingRuleBody].self, forKey: .rules) ?? []
        let variants = try container.decodeIfPresent([LinkVariantBody].self, forKey: .variants) ?? []
        do {
            try self.init(rules: rules, variants: variants, field: "rules", lenient: true)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .rules, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ruleBodies, forKey: .rules)
        try container.encode(variantBodies, forKey: .variants)
    }

    public static func == (a: LinkRouting, b: LinkRouting) -> Bool {
        a.ruleBodies == b.ruleBodies && a.variantBodies == b.variantBodies
    }
}
