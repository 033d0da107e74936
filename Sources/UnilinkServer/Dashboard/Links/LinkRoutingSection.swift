import UnilinkAPI
import UnilinkCore

/// A link's routing rules (its own, then its app's) and its A/B test, as its page shows
/// them: each rule's conditions and what it gives in words, each variant's numbers.
struct LinkRoutingSection: Sendable {
    struct Rule: Sendable {
        let number: Int
        let name: String
        let conditions: String
        let gives: String
        let fromApp: Bool
    }

    struct Variant: Sendable {
        let name: String
        let weight: Int
        let clicks: Int
        let installs: Int
        let opens: Int
        let rate: String
        let verdict: String
    }

    var rules: [Rule] = []
    var variants: [Variant] = []
    /// Set when a rule looks at country or region and no database answers: why it never holds.
    var countryUnavailable: String?
    /// For the template, which reads stored properties only.
    var hasRules = false
    var hasVariants = false

    init(link: Link, app: App, report: VariantReportBody?, geography: GeoAvailability) {
        let own = link.routing?.ruleBodies ?? []
        let inherited = app.defaultRules?.ruleBodies ?? []
        rules =
            own.enumerated().map { Self.rule($0.offset + 1, $0.element, fromApp: false) }
            + inherited.enumerated().map { Self.rule(own.count + $0.offset + 1, $0.element, fromApp: true) }
        if !geography.available, link.routing?.needsPlace == true || app.defaultRules?.needsPlace == true {
            countryUnavailable = geography.status
        }
        variants = (report?.variants ?? []).map { row in
            Variant(
                name: row.name, weight: row.weight, clicks: row.clicks, installs: row.installs, opens: row.opens,
                rate: row.installRate.map { rate in
                    let interval = row.interval.map { " (\(Self.percent($0[0]))–\(Self.percent($0[1])))" } ?? ""
                    return Self.percent(rate) + interval
                } ?? "–",
                verdict: Self.verdict(row))
        }
        hasRules = !rules.isEmpty
        hasVariants = !variants.isEmpty
    }

    static func verdict(_ row: VariantReportBody.Variant) -> String {
        switch row.verdict {
        case nil: "control"
        case "better": "better than the control (p = \(p(row.pValue)))"
        case "worse": "worse than the control (p = \(p(row.pValue)))"
        case "no_difference": "no difference yet (p = \(p(row.pValue)))"
        default: "too few clicks or installs to tell"
        }
    }

    private static func p(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value < 0.001 ? "< 0.001" : String(Double(Int((value * 1000).rounded())) / 1000)
    }

    private static func percent(_ value: Double) -> String {
        String(Double(Int((value * 1000).rounded())) / 10) + "%"
    }

    private static func rule(_ number: Int, _ body: RoutingRuleBody, fromApp: Bool) -> Rule {
        let joiner = body.match == "any" ? " or " : " and "
        return Rule(
            number: number, name: body.name ?? "", conditions: body.conditions.map(RuleWords.condition).joined(separator: joiner),
            gives: RuleWords.destination(body.destination), fromApp: fromApp)
    }
}

/// Whether the operator's country database answers, and in words why not.
struct GeoAvailability: Sendable {
    var available: Bool
    var status: String

    static let none = GeoAvailability(
        available: false, status: "no country database is configured (UNILINK_GEOIP_DATABASE), so country and region conditions never hold")
}
