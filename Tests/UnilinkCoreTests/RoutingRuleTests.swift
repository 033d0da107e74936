import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// Routing rules: each condition against the visitors it must and must not take, how
/// conditions combine, which rule wins, and what a refused rule says.
@Suite("Routing rules")
struct RoutingRuleTests {
    static let iPhone = UserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")
    static let iPad = UserAgent(
        "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1")
    static let android = UserAgent(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36")
    static let windows = UserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36")
    static let instagram = UserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone14,5; iOS 17_5; en_US; en; scale=3.00; 1170x2532; 606034462)"
    )
    /// Friday 27 November 2026, 10:00 in Berlin (09:00 UTC).
    static let friday = Date(timeIntervalSince1970: 1_795_770_000)

    static func visitor(
        place: VisitorPlace? = nil, languages: [String] = ["en-US"], agent: UserAgent = iPhone, time: Date = friday, query: String? = nil,
        campaign: Campaign? = nil
    ) -> RuleVisitor {
        RuleVisitor(place: place, languages: languages, userAgent: agent, time: time, query: query.map { Substring($0) }, campaign: campaign)
    }

    static func condition(_ json: String) throws -> RoutingCondition {
        try RoutingCondition(JSONDecoder().decode(RuleConditionBody.self, from: Data(json.utf8)), field: "c")
    }

    @Test(arguments: [
        // condition, visitor, holds
        (#"{"country": ["DE", "at"]}"#, visitor(place: .init(country: "AT")), true),
        (#"{"country": ["DE"]}"#, visitor(place: .init(country: "FR")), false),
        (#"{"country": ["DE"]}"#, visitor(), false),
        (#"{"country": ["DE"], "negate": true}"#, visitor(place: .init(country: "FR")), true),
        (#"{"country": ["DE"], "negate": true}"#, visitor(), false),
        (#"{"region": ["US-CA"]}"#, visitor(place: .init(country: "US", region: "US-CA")), true),
        (#"{"region": ["US-CA"]}"#, visitor(place: .init(country: "US")), false),
        (#"{"language": ["de"]}"#, visitor(languages: ["de-AT", "en"]), true),
        (#"{"language": ["de"]}"#, visitor(languages: ["en", "de-AT"]), false),
        (#"{"language": ["pt-BR"]}"#, visitor(languages: ["pt_br"]), true),
        (#"{"language": ["pt-BR"]}"#, visitor(languages: ["pt-PT"]), false),
        (#"{"language": ["pt-BR"]}"#, visitor(languages: ["pt"]), false),
        (#"{"language": ["de"]}"#, visitor(languages: []), false),
        (#"{"platform": ["ios"]}"#, visitor(agent: iPhone), true),
        (#"{"platform": ["android", "desktop"]}"#, visitor(agent: windows), true),
        (#"{"platform": ["android"]}"#, visitor(agent: iPhone), false),
        (#"{"device": ["tablet"]}"#, visitor(agent: iPad), true),
        (#"{"device": ["tablet"]}"#, visitor(agent: iPhone), false),
        (#"{"in_app_browser": ["any"]}"#, visitor(agent: instagram), true),
        (#"{"in_app_browser": ["instagram"]}"#, visitor(agent: instagram), true),
        (#"{"in_app_browser": ["facebook"]}"#, visitor(agent: instagram), false),
        (#"{"in_app_browser": ["any"], "negate": true}"#, visitor(agent: iPhone), true),
        (#"{"time": {"zone": "Europe/Berlin", "days": ["fri"], "hours": ["09:00", "18:00"]}}"#, visitor(), true),
        (#"{"time": {"zone": "America/New_York", "hours": ["09:00", "18:00"]}}"#, visitor(), false),
        (#"{"time": {"zone": "Europe/Berlin", "hours": ["22:00", "11:00"]}}"#, visitor(), true),
        (#"{"time": {"zone": "Europe/Berlin", "days": ["sat", "sun"]}}"#, visitor(), false),
        (#"{"time": {"zone": "Europe/Berlin", "until": "2026-11-27T10:00"}}"#, visitor(), false),
        (#"{"time": {"zone": "Europe/Berlin", "until": "2026-11-27T10:00:01"}}"#, visitor(), true),
        (#"{"time": {"zone": "Europe/Berlin", "from": "2026-11-27T10:00"}}"#, visitor(), true),
        (#"{"query": {"name": "src"}}"#, visitor(query: "a=1&src="), true),
        (#"{"query": {"name": "src", "equals": "mail box"}}"#, visitor(query: "src=mail%20box"), true),
        (#"{"query": {"name": "src", "equals": "mail"}}"#, visitor(query: "xsrc=mail&src=web"), false),
        (#"{"query": {"name": "src"}}"#, visitor(), false),
        (#"{"campaign": {"field": "source", "values": ["newsletter"]}}"#, visitor(campaign: Campaign(source: "newsletter")), true),
        (#"{"campaign": {"field": "source", "values": ["newsletter"]}}"#, visitor(campaign: Campaign(medium: "newsletter")), false),
    ])
    func eachConditionTakesTheVisitorsItNames(json: String, visitor: RuleVisitor, holds: Bool) throws {
        #expect(try Self.condition(json).holds(for: visitor) == holds, "\(json)")
    }

    /// Berlin's clocks go back on 25 October 2026: 09:30 UTC is 11:30 the day before, 10:30
    /// the day after.
    @Test func localTimeFollowsTheZonesDaylightSaving() throws {
        let morning = try Self.condition(#"{"time": {"zone": "Europe/Berlin", "hours": ["11:00", "12:00"]}}"#)
        #expect(morning.holds(for: Self.visitor(time: Date(timeIntervalSince1970: 1_792_834_200))))  // 24 Oct, 09:30 UTC
        #expect(!morning.holds(for: Self.visitor(time: Date(timeIntervalSince1970: 1_793_007_000))))  // 26 Oct, 09:30 UTC
    }

    static func routing(_ json: String) throws -> LinkRouting {
        let body = try JSONDecoder().decode([RoutingRuleBody].self, from: Data(json.utf8))
        return try LinkRouting(rules: body, variants: [])
    }

    @Test func conditionsCombineAndTheFirstRuleThatHoldsWins() throws {
        let routing = try Self.routing(
            """
            [{"conditions": [{"language": ["de"]}, {"platform": ["ios"]}], "destination": {"web_url": "https://example.com/de-ios"}},
             {"match": "any", "conditions": [{"language": ["de"]}, {"country": ["CH"]}], "destination": {"web_url": "https://example.com/de"}},
             {"conditions": [{"platform": ["ios"]}], "destination": {"web_url": "https://example.com/ios"}}]
            """)
        #expect(routing.rule(for: Self.visitor(languages: ["de-DE"], agent: Self.iPhone)) == 0)
        #expect(routing.rule(for: Self.visitor(languages: ["de-DE"], agent: Self.android)) == 1)
        #expect(routing.rule(for: Self.visitor(place: .init(country: "CH"), languages: ["fr"], agent: Self.android)) == 1)
        #expect(routing.rule(for: Self.visitor(languages: ["fr"], agent: Self.iPhone)) == 2)
        #expect(routing.rule(for: Self.visitor(languages: ["fr"], agent: Self.android)) == nil)
        #expect(routing.needsPlace)
    }

    @Test(arguments: [
        (#"[{"conditions": [{"country": ["XX"]}], "destination": {"web_url": "https://e.com"}}]"#, "rules[0].conditions[0].country[0]"),
        (#"[{"conditions": [{"country": ["EU"]}], "destination": {"web_url": "https://e.com"}}]"#, "rules[0].conditions[0].country[0]"),
        (
            #"[{"conditions": [{"platform": ["ios"]}], "destination": {"web_url": "https://e.com"}}, {"conditions": [{"time": {"zone": "Mars/Olympus"}}], "destination": {"web_url": "https://e.com"}}]"#,
            "rules[1].conditions[0].time.zone"
        ),
        (#"[{"conditions": [{}], "destination": {"web_url": "https://e.com"}}]"#, "rules[0].conditions[0]"),
        (#"[{"conditions": [{"country": ["DE"], "language": ["de"]}], "destination": {"web_url": "https://e.com"}}]"#, "rules[0].conditions[0]"),
        (#"[{"conditions": [{"platform": ["ios"]}], "destination": {}}]"#, "rules[0].destination"),
        (#"[{"conditions": [], "destination": {"web_url": "https://e.com"}}]"#, "rules[0].conditions"),
        (#"[{"match": "some", "conditions": [{"platform": ["ios"]}], "destination": {"web_url": "https://e.com"}}]"#, "rules[0].match"),
        (#"[{"conditions": [{"region": ["US"]}], "destination": {"web_url": "https://e.com"}}]"#, "rules[0].conditions[0].region[0]"),
        (
            #"[{"conditions": [{"in_app_browser": ["myspace"]}], "destination": {"web_url": "https://e.com"}}]"#,
            "rules[0].conditions[0].in_app_browser[0]"
        ),
        (
            #"[{"conditions": [{"time": {"zone": "UTC", "from": "2026-12-01T00:00", "until": "2026-11-01T00:00"}}], "destination": {"web_url": "https://e.com"}}]"#,
            "rules[0].conditions[0].time.until"
        ),
        (
            #"[{"conditions": [{"time": {"zone": "UTC", "from": "2026-02-30T00:00"}}], "destination": {"web_url": "https://e.com"}}]"#,
            "rules[0].conditions[0].time.from"
        ),
        (
            #"[{"conditions": [{"time": {"zone": "UTC", "hours": ["9", "18:00"]}}], "destination": {"web_url": "https://e.com"}}]"#,
            "rules[0].conditions[0].time.hours"
        ),
        (
            #"[{"conditions": [{"campaign": {"field": "utm", "values": ["x"]}}], "destination": {"web_url": "https://e.com"}}]"#,
            "rules[0].conditions[0].campaign.field"
        ),
    ])
    func aRefusedRuleNamesItsIndexAndField(json: String, field: String) throws {
        let body = try JSONDecoder().decode([RoutingRuleBody].self, from: Data(json.utf8))
        #expect(throws: RoutingRuleError.self) { try LinkRouting(rules: body, variants: []) }
        do {
            _ = try LinkRouting(rules: body, variants: [])
        } catch {
            #expect(error.field == field, "\(error)")
        }
    }

    @Test func moreThanFiftyRulesOrTenVariantsAreRefused() throws {
        let rule = RoutingRuleBody(
            conditions: [
                {
                    var c = RuleConditionBody(); c.platform = ["ios"]; return c
                }()
            ], destination: .init(webURL: "https://e.com"))
        #expect(throws: RoutingRuleError("rules", "takes up to 50 rules")) { try LinkRouting(rules: Array(repeating: rule, count: 51), variants: []) }
        let variants = (0..<11).map { LinkVariantBody(name: "v\($0)", weight: 1) }
        #expect(throws: RoutingRuleError.self) { try LinkRouting(rules: [], variants: variants) }
        #expect(throws: RoutingRuleError("variants[0].weight", "must be a whole number from 1 to 1000000")) {
            try LinkRouting(rules: [], variants: [.init(name: "a", weight: 0), .init(name: "b", weight: 1)])
        }
        #expect(throws: RoutingRuleError("variants[1].name", "'a' is already a variant's name")) {
            try LinkRouting(rules: [], variants: [.init(name: "a", weight: 1), .init(name: "a", weight: 1)])
        }
        #expect(throws: RoutingRuleError.self) { try LinkRouting(rules: [], variants: [.init(name: "a b", weight: 1), .init(name: "c", weight: 1)]) }
    }

    /// What a rule gives replaces only the fields it sets; the preview texts merge.
    @Test func aDestinationReplacesOnlyWhatItSets() {
        var content = LinkContent(path: "/p", webURL: "https://example.com/", social: Social(title: "T", description: "D"))
        DestinationOverride(.init(desktopURL: "https://example.com/desk", social: Social(title: "Titel"))).apply(to: &content)
        #expect(content.webURL == "https://example.com/")
        #expect(content.desktopURL == "https://example.com/desk")
        #expect(content.social == Social(title: "Titel", description: "D"))
    }

    /// A stored rule this build no longer accepts (here a zone its data does not know) is
    /// kept in its place and never holds: the rules after it keep their numbers.
    @Test func aStoredRuleThatNoLongerPassesNeverHoldsAndKeepsTheOthersNumbers() throws {
        let stored = #"""
            {"rules": [{"conditions": [{"platform": ["ios"]}], "destination": {"web_url": "https://e.com/1"}},
             {"conditions": [{"time": {"zone": "Mars/Olympus_Mons"}}], "destination": {"web_url": "https://e.com/2"}},
             {"name": "fr", "conditions": [{"language": ["fr"]}], "destination": {"web_url": "https://e.com/3"}}], "variants": []}
            """#
        let routing = try JSONDecoder().decode(LinkRouting.self, from: Data(stored.utf8))
        #expect(routing.rules.count == 3)
        #expect(routing.rule(for: Self.visitor(languages: ["fr"], agent: Self.android)) == 2)
        #expect(routing.rule(for: Self.visitor(languages: ["de"], agent: Self.android)) == nil)
        #expect(routing.ruleBodies.count == 3)
        #expect(throws: RoutingRuleError.self) { try LinkRouting(rules: routing.ruleBodies, variants: []) }
    }

    /// Stored as the API wrote them and checked again when read back.
    @Test func rulesAndVariantsRoundTripThroughTheirDocument() throws {
        let routing = try LinkRouting(
            rules: try JSONDecoder().decode(
                [RoutingRuleBody].self,
                from: Data(#"[{"name": "de", "conditions": [{"language": ["de"]}], "destination": {"web_url": "https://e.com/de"}}]"#.utf8)),
            variants: [.init(name: "a", weight: 1), .init(name: "b", weight: 3, destination: .init(webURL: "https://e.com/b"))])
        let decoded = try JSONDecoder().decode(LinkRouting.self, from: JSONEncoder().encode(routing))
        #expect(decoded == routing)
        #expect(decoded.variants.map(\.weight) == [1, 3])
        #expect(decoded.rule(for: Self.visitor(languages: ["de"])) == 0)
    }
}
