public import UnilinkAPI

/// Branch's per-device and per-country redirect keys (Docs/Migrating.md, "From Branch"),
/// which a Unilink link has no field of its own for, as routing rules with the matching
/// condition; the keys nothing here can route by are listed with the reason, for the
/// import to report. `$fallback_url`, `$desktop_url`, `$ios_url` and `$android_url` have
/// fields of their own and stay with `BranchLink`.
public struct BranchRedirects: Sendable, Equatable {
    /// In the order they are tried: device rules first, since Branch lets a platform's own
    /// redirect win over a country's; then one rule per country, in code order.
    public var rules: [RoutingRuleBody] = []
    public var skipped: [Skipped] = []

    /// A Branch key that stays link data only, with why it does not route here.
    public struct Skipped: Sendable, Equatable {
        public var key: String
        public var reason: String

        public init(key: String, reason: String) {
            self.key = key
            self.reason = reason
        }
    }

    public init(rules: [RoutingRuleBody] = [], skipped: [Skipped] = []) {
        self.rules = rules
        self.skipped = skipped
    }

    /// The per-country keys: `$ios_url_de` is the iOS redirect for Germany.
    static let countryPrefixes = ["$fallback_url_", "$ios_url_", "$android_url_"]

    /// The field a per-country key's URL goes to.
    static func set(_ url: String, for prefix: String, on destination: inout DestinationOverrideBody) {
        switch prefix {
        case "$ios_url_": destination.iosURL = url
        case "$android_url_": destination.androidURL = url
        default: destination.webURL = url
        }
    }

    /// Keys Branch routed by that no condition or destination here matches.
    static let unroutable: [String: String] = [
        "$samsung_url": "no condition tells a Samsung device from other Android phones; they get android_url or Google Play",
        "$huawei_url": "no condition tells a Huawei device from other Android phones; they get android_url or Google Play",
        "$fire_url": "no condition tells an Amazon Fire device from other Android devices; they get android_url or Google Play",
        "$windows_phone_url": "no condition tells Windows Phone apart: its visitors are platform other and get the web page",
        "$blackberry_url": "no condition tells BlackBerry apart: its visitors are platform other and get the web page",
        "$ios_wechat_url":
            "WeChat gets the page asking to open the link in the browser, where the visitor's ordinary route applies; no rule can redirect inside WeChat",
        "$android_wechat_url":
            "WeChat gets the page asking to open the link in the browser, where the visitor's ordinary route applies; no rule can redirect inside WeChat",
        "$after_click_url": "Unilink redirects once; there is no page after the app opened",
        "$afterclick_desktop_url": "Unilink redirects once; there is no page after the app opened",
        "$ios_deepview": "Deepviews are Branch's pages; Unilink shows its own preview page",
        "$android_deepview": "Deepviews are Branch's pages; Unilink shows its own preview page",
        "$desktop_deepview": "Deepviews are Branch's pages; Unilink shows its own preview page",
        "$uri_redirect_mode": "Unilink opens the app through universal links, App Links and Chrome intents, never by forcing a scheme",
    ]

    /// Takes the redirect keys this maps out of `data` (Branch's link data, as text) and makes
    /// them rules; the keys it cannot route by stay in `data` (they reach the app, as every
    /// other key does) and are listed in `skipped`.
    public static func take(from data: inout [String: String]) -> BranchRedirects {
        var redirects = BranchRedirects()
        if let iPad = nonEmpty(data.removeValue(forKey: "$ipad_url")) {
            redirects.rules.append(
                RoutingRuleBody(
                    name: "iPad ($ipad_url)", conditions: [condition(\.platform, ["ios"]), condition(\.device, ["tablet"])],
                    destination: DestinationOverrideBody(iosURL: iPad)))
        }
        if let flag = data.removeValue(forKey: "$mobile_web_only"), flag == "true" || flag == "1" {
            redirects.rules.append(
                RoutingRuleBody(
                    name: "Phones to the web ($mobile_web_only)", conditions: [condition(\.platform, ["ios", "android"])],
                    destination: DestinationOverrideBody(webOnly: true)))
        }
        var countries: [String: DestinationOverrideBody] = [:]
        for key in data.keys.sorted() {
            guard let prefix = countryPrefixes.first(where: { key.hasPrefix($0) }) else { continue }
            let code = key.dropFirst(prefix.count)
            // `$ios_url_xx` is Branch's; `$ios_url_something` is not, and stays data.
            guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { continue }
            let country = code.uppercased()
            guard ISOCodes.countries.contains(country) else {
                redirects.skipped.append(
                    Skipped(key: key, reason: "'\(code)' is not an ISO 3166-1 country code (Branch takes lower-case alpha-2 codes like de)"))
                continue
            }
            guard let url = nonEmpty(data.removeValue(forKey: key)) else { continue }
            set(url, for: prefix, on: &countries[country, default: DestinationOverrideBody()])
        }
        for (country, destination) in countries.sorted(by: { $0.key < $1.key }) {
            redirects.rules.append(
                RoutingRuleBody(name: "Country \(country) (Branch)", conditions: [condition(\.country, [country])], destination: destination))
        }
        for key in data.keys.sorted() {
            if let reason = unroutable[key], nonEmpty(data[key]) != nil { redirects.skipped.append(Skipped(key: key, reason: reason)) }
        }
        return redirects
    }

    private static func condition(_ field: WritableKeyPath<RuleConditionBody, [String]?>, _ values: [String]) -> RuleConditionBody {
        var condition = RuleConditionBody()
        condition[keyPath: field] = values
        return condition
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty, text != "false" else { return nil }
        return text
    }
}
