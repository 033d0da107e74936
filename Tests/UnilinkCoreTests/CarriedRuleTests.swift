import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// The short host's rule decision carried by the preview's button (`ul_rule`): what it reads,
/// and a click's two steps, where the query a rule read on the short host is gone on the
/// alternate host, ending where the first step's rule says.
@Suite("A rule decision carried to the alternate host")
struct CarriedRuleTests {
    static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"

    @Test(
        arguments: [
            ("none", CarriedRule.noRule), ("0", .link(0)), ("49", .link(49)), ("app.3", .app(3)), ("", nil), ("-1", nil), ("100", nil),
            ("app.", nil), ("app.x", nil), ("1e2", nil), ("٣", nil), ("none ", nil),
        ] as [(String, CarriedRule?)])
    func readsItsParameter(text: String, expected: CarriedRule?) {
        #expect(CarriedRule(parameter: Substring(text)) == expected)
        if let expected { #expect(expected.parameter == text) }
    }

    /// A printed QR code's `?src=print` holds on the short host; a rule for links without
    /// `src` would hold on the alternate host, whose URL has none.
    static let rules = """
        [{"conditions": [{"query": {"name": "src", "equals": "print"}}], "destination": {"ios_url": "https://www.example.com/print"}},
         {"conditions": [{"query": {"name": "src"}, "negate": true}], "destination": {"ios_url": "https://www.example.com/no-src"}}]
        """

    static func link(role: HostRole, defaultRules: String? = nil) throws -> ResolvedLink {
        var app = ClickRouterTests.app
        if let defaultRules {
            app.defaultRules = try LinkRouting(rules: JSONDecoder().decode([RoutingRuleBody].self, from: Data(defaultRules.utf8)), variants: [])
        }
        var resolved = ClickRouterTests.link(app: app, role: role)
        resolved.link?.routing = try LinkRouting(rules: JSONDecoder().decode([RoutingRuleBody].self, from: Data(rules.utf8)), variants: [])
        return resolved
    }

    /// One step: shaped with `query` (and what the step carried), then routed.
    static func step(_ link: inout ResolvedLink, query: String?, carried: CarriedRule? = nil) -> ClickDecision {
        let agent = UserAgent(iPhone)
        let visitor = RuleVisitor(
            place: nil, languages: [], userAgent: agent, time: ClickRouterTests.now, query: query.map { Substring($0) }, campaign: nil)
        _ = LinkShaping.shape(&link, visitor: visitor, variantCookie: nil, carried: carried) { 7 }
        return ClickRouterTests.router.decide(link, for: ClickRouterTests.visit(iPhone))
    }

    @Test(
        arguments: [
            // the short link's query, what the button carries, where the tap on it ends
            ("src=print", "0", ClickDecision.redirect("https://www.example.com/print", record: .platformURL)),
            (nil, "1", .redirect("https://www.example.com/no-src", record: .platformURL)),
            // Neither rule: the tap gets the App Store, where testing again would give "no src".
            ("src=mail", "none", .redirect(ClickRouterTests.appStore, record: .store)),
        ] as [(String?, String, ClickDecision)])
    func theTapEndsWhereTheFirstStepsRuleSays(query: String?, carried: String, destination: ClickDecision) throws {
        var short = try Self.link(role: .short)
        guard case .previewPage(let audience) = Self.step(&short, query: query) else { Issue.record("no preview"); return }
        let button = try #require(ClickRouterTests.router.model(.page, for: audience, of: short).openURL)
        let items = URLText.queryItems(try #require(button.split(separator: "?", maxSplits: 1).last))
        #expect(items.last { $0.name == LinkParameterKey.rule }?.value == carried, "\(button)")
        #expect(items.last { $0.name == LinkParameterKey.click }?.value == ClickRouterTests.clickID)

        var alternate = try Self.link(role: .alternate)
        let tap = Self.step(&alternate, query: String(button.split(separator: "?").last!), carried: CarriedRule(parameter: Substring(carried)))
        #expect(tap == destination)
        // Without it, the alternate host tests the rules on a query that has no `src`.
        var tested = try Self.link(role: .alternate)
        #expect(
            Self.step(&tested, query: String(button.split(separator: "?").last!)) == .redirect("https://www.example.com/no-src", record: .platformURL)
        )
    }

    @Test func anAppsDefaultRuleIsCarriedByItsPlace() throws {
        let defaults = #"[{"conditions": [{"query": {"name": "ad"}}], "destination": {"ios_url": "https://www.example.com/ad"}}]"#
        var short = try Self.link(role: .short, defaultRules: defaults)
        // The link's own "no src" rule comes first: src=x and ad=1 leave the app's rule.
        guard case .previewPage(let audience) = Self.step(&short, query: "src=x&ad=1") else { Issue.record("no preview"); return }
        let button = try #require(ClickRouterTests.router.model(.page, for: audience, of: short).openURL)
        #expect(button.contains("ul_rule=app.0"), "\(button)")
        var alternate = try Self.link(role: .alternate, defaultRules: defaults)
        #expect(Self.step(&alternate, query: nil, carried: .app(0)) == .redirect("https://www.example.com/ad", record: .platformURL))
    }

    @Test func aPlaceTheRulesNoLongerHaveIsTestedAgain() throws {
        for carried in [CarriedRule.link(2), .app(0)] {
            var alternate = try Self.link(role: .alternate)
            #expect(Self.step(&alternate, query: "src=print", carried: carried) == .redirect("https://www.example.com/print", record: .platformURL))
        }
    }

    /// The short host's instance knew the rule; this one no longer accepts it (a zone its
    /// data does not know): the carried place is not taken, the rules are tested again.
    @Test func aCarriedRuleThisInstanceNoLongerAcceptsIsTestedAgain() throws {
        var alternate = try Self.link(role: .alternate)
        let stored = #"""
            {"rules": [{"conditions": [{"time": {"zone": "Mars/Olympus_Mons"}}], "destination": {"ios_url": "https://www.example.com/mars"}},
             {"conditions": [{"query": {"name": "src", "equals": "print"}}], "destination": {"ios_url": "https://www.example.com/print"}}]}
            """#
        alternate.link?.routing = try JSONDecoder().decode(LinkRouting.self, from: Data(stored.utf8))
        #expect(Self.step(&alternate, query: "src=print", carried: .link(0)) == .redirect("https://www.example.com/print", record: .platformURL))
    }

    @Test func noRuleCarriedForALinkWithoutRules() {
        var plain = ClickRouterTests.link()
        #expect(CarriedRule(shaped: plain) == nil)
        guard case .previewPage(let audience) = ClickRouterTests.router.decide(plain, for: ClickRouterTests.visit(Self.iPhone)) else {
            Issue.record("no preview")
            return
        }
        plain.shaping = 0
        #expect(ClickRouterTests.router.model(.page, for: audience, of: plain).openURL?.contains("ul_rule") == false)
    }
}
