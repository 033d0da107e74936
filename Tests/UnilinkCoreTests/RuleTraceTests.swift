import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// The words the debugger and the rule preview give: every rule tried up to the first that
/// holds, each condition with what the visitor had for it, then the A/B variant.
@Suite("Rule traces")
struct RuleTraceTests {
    static func link(rules: String, variants: String = "[]", appRules: String? = nil) throws -> ResolvedLink {
        var app = ClickRouterTests.app
        if let appRules {
            app.defaultRules = try LinkRouting(
                rules: JSONDecoder().decode([RoutingRuleBody].self, from: Data(appRules.utf8)), variants: [], field: "default_rules")
        }
        var resolved = ClickRouterTests.link(app: app)
        resolved.link?.routing = try LinkRouting(
            rules: JSONDecoder().decode([RoutingRuleBody].self, from: Data(rules.utf8)),
            variants: JSONDecoder().decode([LinkVariantBody].self, from: Data(variants.utf8)))
        return resolved
    }

    @Test func eachRuleTriedSaysWhatTheVisitorHadAndTheFirstThatHoldsEndsIt() throws {
        let link = try Self.link(
            rules: """
                [{"name": "German site", "conditions": [{"country": ["DE", "AT"]}, {"language": ["de"]}], "destination": {"web_url": "https://www.example.com/de"}},
                 {"match": "any", "conditions": [{"device": ["tablet"]}, {"query": {"name": "promo"}}], "destination": {"web_url": "https://www.example.com/tablet"}},
                 {"conditions": [{"platform": ["ios"]}], "destination": {"ios_url": "https://www.example.com/ios"}}]
                """,
            appRules:
                #"[{"conditions": [{"time": {"zone": "Europe/Berlin", "days": ["fri"]}}], "destination": {"web_url": "https://www.example.com/friday"}}]"#
        )
        let german = RuleTrace.trace(
            link, visitor: RoutingRuleTests.visitor(place: .init(country: "DE"), languages: ["de-DE"]), visitorKey: 1)
        #expect(german.rules.count == 1)
        #expect(german.taken?.name == "German site")
        #expect(german.taken?.gives == "web: https://www.example.com/de")
        #expect(german.taken?.conditions.map(\.text) == ["country is DE, AT", "language is de"])
        #expect(german.taken?.conditions.map(\.seen) == ["DE", "de-DE"])

        // No database: the country condition does not hold, and says why.
        let unplaced = RuleTrace.trace(link, visitor: RoutingRuleTests.visitor(languages: ["de-DE"], agent: RoutingRuleTests.iPad), visitorKey: 1)
        #expect(unplaced.rules.map(\.holds) == [false, true])
        #expect(unplaced.rules[0].conditions.map(\.holds) == [false, true])
        #expect(unplaced.rules[0].conditions[0].seen.hasPrefix("unknown"))
        #expect(unplaced.rules[1].conditions.map(\.seen) == ["tablet", "no query"])
        #expect(unplaced.taken?.number == 2 && unplaced.rules[1].matchesAny)

        // Past the link's three rules to its app's, numbered after them, read in the rule's zone.
        let desktop = RuleTrace.trace(link, visitor: RoutingRuleTests.visitor(agent: RoutingRuleTests.windows), visitorKey: 1)
        #expect(desktop.rules.map(\.number) == [1, 2, 3, 4])
        #expect(desktop.taken?.fromApp == true)
        #expect(desktop.rules[3].conditions.first?.seen == "fri 2026-11-27T10:00 Europe/Berlin")
        #expect(desktop.rules[2].conditions.first?.seen == "desktop")
    }

    @Test func withoutARuleTheVisitorGetsTheVariantTheClickPathWouldGive() throws {
        let link = try Self.link(
            rules: #"[{"conditions": [{"platform": ["android"]}], "destination": {"web_url": "https://www.example.com/a"}}]"#,
            variants: #"[{"name": "control", "weight": 1}, {"name": "b", "weight": 1, "destination": {"web_url": "https://www.example.com/b"}}]"#)
        var seen: Set<String> = []
        for key in UInt64(0)..<20 {
            var shaped = link
            let shaping = LinkShaping.shape(&shaped, visitor: RoutingRuleTests.visitor(), variantCookie: nil) { key }
            let trace = RuleTrace.trace(link, visitor: RoutingRuleTests.visitor(), visitorKey: key)
            #expect(trace.taken == nil && trace.rules.count == 1)
            #expect(trace.variant == shaping.variant)
            if let variant = trace.variant { seen.insert(variant) }
        }
        #expect(seen == ["control", "b"])
        let android = RuleTrace.trace(link, visitor: RoutingRuleTests.visitor(agent: RoutingRuleTests.android), visitorKey: 0)
        #expect(android.variant == nil && android.taken?.number == 1)
    }
}
