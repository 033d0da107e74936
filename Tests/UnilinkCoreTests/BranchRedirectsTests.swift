import Testing
import UnilinkAPI
import UnilinkCore

/// Branch's redirect keys that a link has no field for, as the import maps them: each key
/// to its rule (or to the reason it stays data), and the rules routing the visitors Branch
/// sent there.
@Suite("Branch's device and country redirects as rules")
struct BranchRedirectsTests {
    typealias Rule = RoutingRuleBody
    typealias Destination = DestinationOverrideBody

    static func on(_ field: WritableKeyPath<RuleConditionBody, [String]?>, _ values: String...) -> RuleConditionBody {
        var condition = RuleConditionBody()
        condition[keyPath: field] = values
        return condition
    }

    static let iPadRule = Rule(
        name: "iPad ($ipad_url)", conditions: [on(\.platform, "ios"), on(\.device, "tablet")],
        destination: Destination(iosURL: "https://www.example.com/ipad"))

    @Test(arguments: [
        // Branch's link data, the rules it becomes, the keys left in the data.
        (["$ipad_url": "https://www.example.com/ipad"], [iPadRule], [String]()),
        (
            ["$mobile_web_only": "true", "custom": "1"],
            [
                Rule(
                    name: "Phones to the web ($mobile_web_only)", conditions: [on(\.platform, "ios", "android")],
                    destination: Destination(webOnly: true))
            ],
            ["custom"]
        ),
        (["$mobile_web_only": "false"], [], []),
        (
            [
                "$ios_url_de": "https://www.example.com/de/ios", "$android_url_de": "https://www.example.com/de/android",
                "$fallback_url_de": "https://www.example.com/de/", "$ios_url_fr": "https://www.example.com/fr/ios",
            ],
            [
                Rule(
                    name: "Country DE (Branch)", conditions: [on(\.country, "DE")],
                    destination: Destination(
                        webURL: "https://www.example.com/de/", iosURL: "https://www.example.com/de/ios",
                        androidURL: "https://www.example.com/de/android")),
                Rule(
                    name: "Country FR (Branch)", conditions: [on(\.country, "FR")], destination: Destination(iosURL: "https://www.example.com/fr/ios")
                ),
            ],
            []
        ),
        // Device rules first: Branch lets a platform's own redirect win over a country's.
        (
            ["$ios_url_at": "https://www.example.com/at", "$ipad_url": "https://www.example.com/ipad"],
            [
                iPadRule,
                Rule(name: "Country AT (Branch)", conditions: [on(\.country, "AT")], destination: Destination(iosURL: "https://www.example.com/at")),
            ],
            []
        ),
        // Fields of their own, and keys that only look like a country's, are not rules.
        (
            ["$ios_url": "https://www.example.com/ios", "$ios_url_store": "x", "$android_url_": "y", "$fallback_url_d3": "z"],
            [],
            ["$android_url_", "$fallback_url_d3", "$ios_url", "$ios_url_store"]
        ),
    ])
    func mapsEachKey(data: [String: String], rules: [Rule], left: [String]) {
        var data = data
        let redirects = BranchRedirects.take(from: &data)
        #expect(redirects.rules == rules)
        #expect(redirects.skipped.isEmpty)
        #expect(data.keys.sorted() == left)
    }

    @Test(arguments: [
        ("$samsung_url", "Samsung"), ("$huawei_url", "Huawei"), ("$fire_url", "Amazon Fire"), ("$windows_phone_url", "Windows Phone"),
        ("$blackberry_url", "BlackBerry"), ("$ios_wechat_url", "WeChat"), ("$android_wechat_url", "WeChat"),
        ("$after_click_url", "redirects once"), ("$afterclick_desktop_url", "redirects once"), ("$ios_deepview", "Deepviews"),
        ("$uri_redirect_mode", "never by forcing a scheme"), ("$ios_url_uk", "'uk' is not an ISO 3166-1 country code"),
    ])
    func reportsWhatNoRuleCanRoute(key: String, reason: String) {
        var data = [key: "https://www.example.com/x"]
        let redirects = BranchRedirects.take(from: &data)
        #expect(redirects.rules.isEmpty)
        #expect(redirects.skipped.map(\.key) == [key])
        #expect(redirects.skipped.first?.reason.contains(reason) == true, "\(redirects.skipped)")
        #expect(data[key] != nil, "it still reaches the app as data")
    }

    @Test func unsetKeysAreNeitherRulesNorReported() {
        var data = ["$ipad_url": "", "$after_click_url": "false", "$samsung_url": ""]
        let redirects = BranchRedirects.take(from: &data)
        #expect(redirects == BranchRedirects())
    }

    /// The rules pass Unilink's own checks and take the visitors Branch sent there.
    @Test(
        arguments: [
            (RoutingRuleTests.visitor(agent: RoutingRuleTests.iPad), 0),
            (RoutingRuleTests.visitor(place: .init(country: "DE"), agent: RoutingRuleTests.iPad), 0),
            (RoutingRuleTests.visitor(place: .init(country: "DE"), agent: RoutingRuleTests.iPhone), 1),
            (RoutingRuleTests.visitor(place: .init(country: "DE"), agent: RoutingRuleTests.android), 1),
            (RoutingRuleTests.visitor(place: .init(country: "FR"), agent: RoutingRuleTests.iPhone), nil),
            (RoutingRuleTests.visitor(agent: RoutingRuleTests.iPhone), nil),
        ] as [(RuleVisitor, Int?)])
    func theRulesRouteTheirVisitors(visitor: RuleVisitor, rule: Int?) throws {
        var data = ["$ipad_url": "https://www.example.com/ipad", "$ios_url_de": "https://www.example.com/de/ios"]
        let routing = try LinkRouting(rules: BranchRedirects.take(from: &data).rules, variants: [])
        #expect(routing.rule(for: visitor) == rule)
    }
}
