import Testing
import UnilinkCore

private let app = "ABCDE12345.com.example.app"

/// One row: an association file, a URL on example.com, what Apple's matcher decides.
struct MatchCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let aasa: String
    let url: String
    let expected: AASADecision
    var appID = app

    var testDescription: String { "\(rule): \(url) -> \(expected.rawValue)" }
}

private func components(_ json: String, defaults: String? = nil, detailDefaults: String? = nil, variables: String? = nil) -> String {
    let domainDefaults = defaults.map { "\"defaults\": \($0)," } ?? ""
    let substitution = variables.map { "\"substitutionVariables\": \($0)," } ?? ""
    let appDefaults = detailDefaults.map { ", \"defaults\": \($0)" } ?? ""
    return """
        {"applinks": {\(domainDefaults)\(substitution) "details": [{"appIDs": ["\(app)"], "components": \(json)\(appDefaults)}]}}
        """
}

private func legacy(_ paths: String) -> String {
    """
    {"applinks": {"apps": [], "details": [{"appID": "\(app)", "paths": \(paths)}]}}
    """
}

private let cases: [MatchCase] = [
    // Legacy format: path only, in order, case-sensitive, NOT excludes.
    MatchCase(rule: "legacy positive", aasa: legacy(#"["NOT /_*", "/u/*"]"#), url: "https://example.com/u/1234567", expected: .match),
    MatchCase(rule: "legacy NOT", aasa: legacy(#"["NOT /_*", "/u/*"]"#), url: "https://example.com/_private", expected: .exclude),
    MatchCase(rule: "legacy unlisted", aasa: legacy(#"["NOT /_*", "/u/*"]"#), url: "https://example.com/help", expected: .noMatch),
    MatchCase(rule: "legacy ignores query and fragment", aasa: legacy(#"["/u/*"]"#), url: "https://example.com/u/1?ref=x#top", expected: .match),
    MatchCase(rule: "legacy is case-sensitive", aasa: legacy(#"["/u/*"]"#), url: "https://example.com/U/1", expected: .noMatch),
    MatchCase(rule: "legacy first rule decides", aasa: legacy(#"["/u/*", "NOT /u/secret"]"#), url: "https://example.com/u/secret", expected: .match),
    MatchCase(rule: "legacy ? is one character", aasa: legacy(#"["/p/?"]"#), url: "https://example.com/p/1", expected: .match),
    MatchCase(rule: "legacy ? is exactly one", aasa: legacy(#"["/p/?"]"#), url: "https://example.com/p/12", expected: .noMatch),
    MatchCase(rule: "legacy * crosses slashes", aasa: legacy(#"["/a/*"]"#), url: "https://example.com/a/b/c", expected: .match),
    MatchCase(rule: "legacy wildcard everything", aasa: legacy(#"["*"]"#), url: "https://example.com/", expected: .match),

    // Paths in components.
    MatchCase(rule: "/* child", aasa: components(#"[{"/": "/buy/*"}]"#), url: "https://example.com/buy/42", expected: .match),
    MatchCase(rule: "/* matches its parent", aasa: components(#"[{"/": "/buy/*"}]"#), url: "https://example.com/buy", expected: .match),
    MatchCase(rule: "/* parent with slash", aasa: components(#"[{"/": "/buy/*"}]"#), url: "https://example.com/buy/", expected: .match),
    MatchCase(rule: "/* is not a prefix", aasa: components(#"[{"/": "/buy/*"}]"#), url: "https://example.com/buyer", expected: .noMatch),
    MatchCase(rule: "* crosses slashes", aasa: components(#"[{"/": "/buy/*"}]"#), url: "https://example.com/buy/a/b/c", expected: .match),
    MatchCase(
        rule: "* is greedy but backtracks", aasa: components(#"[{"/": "/*/edit"}]"#), url: "https://example.com/a/edit/b/edit", expected: .match),
    MatchCase(rule: "leading slash optional", aasa: components(#"[{"/": "buy/*"}]"#), url: "https://example.com/buy/1", expected: .match),
    MatchCase(rule: "trailing slash in pattern", aasa: components(#"[{"/": "/help/"}]"#), url: "https://example.com/help", expected: .match),
    MatchCase(rule: "trailing slashes in URL", aasa: components(#"[{"/": "/help"}]"#), url: "https://example.com/help///", expected: .match),
    MatchCase(rule: "exact path", aasa: components(#"[{"/": "/help"}]"#), url: "https://example.com/help/more", expected: .noMatch),
    MatchCase(rule: "root", aasa: components(#"[{"/": "/"}]"#), url: "https://example.com", expected: .match),
    MatchCase(rule: "root is not everything", aasa: components(#"[{"/": "/"}]"#), url: "https://example.com/x", expected: .noMatch),
    MatchCase(rule: "? exactly one", aasa: components(#"[{"/": "/p/?"}]"#), url: "https://example.com/p/ab", expected: .noMatch),
    MatchCase(rule: "?* one or more", aasa: components(#"[{"/": "/p/?*"}]"#), url: "https://example.com/p/abc", expected: .match),
    MatchCase(rule: "?* needs one", aasa: components(#"[{"/": "/p/?*"}]"#), url: "https://example.com/p/", expected: .noMatch),
    MatchCase(rule: "empty component matches all", aasa: components(#"[{}]"#), url: "https://example.com/anything?x=1#y", expected: .match),
    MatchCase(rule: "no component matches", aasa: components(#"[{"/": "/a"}, {"/": "/b"}]"#), url: "https://example.com/c", expected: .noMatch),

    // Exclusion and order.
    MatchCase(
        rule: "exclude first wins", aasa: components(#"[{"/": "/buy/secret", "exclude": true}, {"/": "/buy/*"}]"#),
        url: "https://example.com/buy/secret", expected: .exclude),
    MatchCase(
        rule: "exclude does not touch others", aasa: components(#"[{"/": "/buy/secret", "exclude": true}, {"/": "/buy/*"}]"#),
        url: "https://example.com/buy/1", expected: .match),
    MatchCase(
        rule: "exclude after a match is too late", aasa: components(#"[{"/": "/buy/*"}, {"/": "/buy/secret", "exclude": true}]"#),
        url: "https://example.com/buy/secret", expected: .match),
    MatchCase(
        rule: "exclude false is a match", aasa: components(#"[{"/": "/x", "exclude": false}]"#), url: "https://example.com/x", expected: .match),
    MatchCase(
        rule: "exclude needs all its keys", aasa: components(#"[{"/": "/x", "?": "a=1", "exclude": true}, {"/": "/x"}]"#),
        url: "https://example.com/x?a=2", expected: .match),

    // Query as a string.
    MatchCase(rule: "query string exact", aasa: components(#"[{"/": "/q", "?": "a=1"}]"#), url: "https://example.com/q?a=1", expected: .match),
    MatchCase(
        rule: "query string is the whole query", aasa: components(#"[{"/": "/q", "?": "a=1"}]"#), url: "https://example.com/q?a=1&b=2",
        expected: .noMatch),
    MatchCase(
        rule: "query absent counts as empty", aasa: components(#"[{"/": "/q", "?": "a=1"}]"#), url: "https://example.com/q", expected: .noMatch),
    MatchCase(rule: "empty query pattern, no query", aasa: components(#"[{"/": "/q", "?": ""}]"#), url: "https://example.com/q", expected: .match),
    MatchCase(rule: "query wildcard", aasa: components(#"[{"?": "*id=*"}]"#), url: "https://example.com/q?x=1&id=2", expected: .match),

    // Query as a dictionary.
    MatchCase(rule: "query item", aasa: components(#"[{"/": "/q", "?": {"id": "?*"}}]"#), url: "https://example.com/q?id=5", expected: .match),
    MatchCase(
        rule: "other items are ignored", aasa: components(#"[{"/": "/q", "?": {"id": "?*"}}]"#), url: "https://example.com/q?utm=x&id=5&z",
        expected: .match),
    MatchCase(
        rule: "missing item counts as empty", aasa: components(#"[{"/": "/q", "?": {"id": "?*"}}]"#), url: "https://example.com/q?x=1",
        expected: .noMatch),
    MatchCase(rule: "missing item matches *", aasa: components(#"[{"/": "/q", "?": {"ref": "*"}}]"#), url: "https://example.com/q", expected: .match),
    MatchCase(
        rule: "repeated item, all match", aasa: components(#"[{"/": "/q", "?": {"id": "$(digit)"}}]"#), url: "https://example.com/q?id=5&id=6",
        expected: .match),
    MatchCase(
        rule: "repeated item, one fails", aasa: components(#"[{"/": "/q", "?": {"id": "$(digit)"}}]"#), url: "https://example.com/q?id=5&id=x",
        expected: .noMatch),
    MatchCase(
        rule: "two items both required", aasa: components(#"[{"?": {"a": "1", "b": "2"}}]"#), url: "https://example.com/?b=2&a=1", expected: .match),
    MatchCase(
        rule: "two items, one wrong", aasa: components(#"[{"?": {"a": "1", "b": "2"}}]"#), url: "https://example.com/?b=3&a=1", expected: .noMatch),
    MatchCase(rule: "item without =", aasa: components(#"[{"?": {"flag": ""}}]"#), url: "https://example.com/?flag", expected: .match),
    MatchCase(
        rule: "non-string value: dictionary ignored", aasa: components(#"[{"/": "/q", "?": {"id": 5}}]"#), url: "https://example.com/q?anything=1",
        expected: .match),
    MatchCase(
        rule: "non-string value: path still counts", aasa: components(#"[{"/": "/q", "?": {"id": 5}}]"#), url: "https://example.com/other",
        expected: .noMatch),

    // Fragment.
    MatchCase(rule: "fragment", aasa: components(##"[{"#": "top"}]"##), url: "https://example.com/a#top", expected: .match),
    MatchCase(rule: "fragment differs", aasa: components(##"[{"#": "top"}]"##), url: "https://example.com/a#bottom", expected: .noMatch),
    MatchCase(rule: "fragment absent is empty", aasa: components(##"[{"#": "?*"}]"##), url: "https://example.com/a", expected: .noMatch),
    MatchCase(
        rule: "fragment exclude", aasa: components(##"[{"#": "no_universal_links", "exclude": true}, {"/": "*"}]"##),
        url: "https://example.com/a#no_universal_links", expected: .exclude),

    // Case.
    MatchCase(rule: "case-sensitive by default", aasa: components(#"[{"/": "/Buy/*"}]"#), url: "https://example.com/buy/1", expected: .noMatch),
    MatchCase(
        rule: "caseSensitive false", aasa: components(#"[{"/": "/Buy/*", "caseSensitive": false}]"#), url: "https://example.com/BUY/1",
        expected: .match),
    MatchCase(
        rule: "caseSensitive false in query items", aasa: components(#"[{"?": {"Ref": "Mail"}, "caseSensitive": false}]"#),
        url: "https://example.com/?ref=MAIL", expected: .match),
    MatchCase(
        rule: "caseSensitive false folds $(upper)", aasa: components(#"[{"/": "/$(upper)", "caseSensitive": false}]"#), url: "https://example.com/a",
        expected: .match),
    MatchCase(rule: "$(upper) is upper when sensitive", aasa: components(#"[{"/": "/$(upper)"}]"#), url: "https://example.com/a", expected: .noMatch),
    MatchCase(
        rule: "caseSensitive false folds $(region)", aasa: components(#"[{"/": "/$(region)", "caseSensitive": false}]"#),
        url: "https://example.com/gb", expected: .match),

    // Defaults hierarchy: rule > app defaults > domain defaults > built-in.
    MatchCase(
        rule: "domain default", aasa: components(#"[{"/": "/Buy"}]"#, defaults: #"{"caseSensitive": false}"#), url: "https://example.com/buy",
        expected: .match),
    MatchCase(
        rule: "app default beats domain",
        aasa: components(#"[{"/": "/Buy"}]"#, defaults: #"{"caseSensitive": false}"#, detailDefaults: #"{"caseSensitive": true}"#),
        url: "https://example.com/buy", expected: .noMatch),
    MatchCase(
        rule: "rule beats app default", aasa: components(#"[{"/": "/Buy", "caseSensitive": false}]"#, detailDefaults: #"{"caseSensitive": true}"#),
        url: "https://example.com/buy", expected: .match),
    MatchCase(
        rule: "app default alone", aasa: components(#"[{"/": "/a b"}]"#, detailDefaults: #"{"percentEncoded": false}"#),
        url: "https://example.com/a%20b", expected: .match),
    MatchCase(
        rule: "domain percentEncoded default", aasa: components(#"[{"/": "/café"}]"#, defaults: #"{"percentEncoded": false}"#),
        url: "https://example.com/caf%C3%A9", expected: .match),

    // Defaults carry any component key (Apple's `applinks.defaults` / `details[].defaults`
    // documentation; recorded from Apple's matcher): patterns and `exclude` too, each key
    // inherited separately, the nearest level winning.
    MatchCase(
        rule: "domain default path limits a fragment rule", aasa: components(##"[{"#": "*"}]"##, defaults: #"{"/": "/foo/*"}"#),
        url: "https://example.com/bar", expected: .noMatch),
    MatchCase(
        rule: "domain default path, inside it", aasa: components(##"[{"#": "*"}]"##, defaults: #"{"/": "/foo/*"}"#), url: "https://example.com/foo/1",
        expected: .match),
    MatchCase(
        rule: "app default path", aasa: components(#"[{"?": {"id": "?*"}}]"#, detailDefaults: #"{"/": "/item/*"}"#),
        url: "https://example.com/other?id=1", expected: .noMatch),
    MatchCase(
        rule: "app default path, with the rule's query", aasa: components(#"[{"?": {"id": "?*"}}]"#, detailDefaults: #"{"/": "/item/*"}"#),
        url: "https://example.com/item/2?id=1", expected: .match),
    MatchCase(
        rule: "rule path beats default path", aasa: components(#"[{"/": "/bar"}]"#, defaults: #"{"/": "/foo/*"}"#), url: "https://example.com/bar",
        expected: .match),
    MatchCase(
        rule: "app default path beats domain default", aasa: components(#"[{}]"#, defaults: #"{"/": "/foo"}"#, detailDefaults: #"{"/": "/bar"}"#),
        url: "https://example.com/foo", expected: .noMatch),
    MatchCase(
        rule: "default query string", aasa: components(#"[{"/": "/q"}]"#, defaults: #"{"?": "src=app"}"#), url: "https://example.com/q?src=web",
        expected: .noMatch),
    MatchCase(
        rule: "default query dictionary", aasa: components(#"[{"/": "/q"}]"#, detailDefaults: #"{"?": {"src": "app"}}"#),
        url: "https://example.com/q?src=app&x=1", expected: .match),
    MatchCase(
        rule: "default fragment", aasa: components(#"[{"/": "/a"}]"#, defaults: ##"{"#": "open"}"##), url: "https://example.com/a#other",
        expected: .noMatch),
    MatchCase(
        rule: "default exclude", aasa: components(#"[{"/": "/private/*"}]"#, detailDefaults: #"{"exclude": true}"#),
        url: "https://example.com/private/1", expected: .exclude),
    MatchCase(
        rule: "rule overrides default exclude", aasa: components(#"[{"/": "/x", "exclude": false}]"#, defaults: #"{"exclude": true}"#),
        url: "https://example.com/x", expected: .match),
    MatchCase(
        rule: "default pattern compiled with the rule's caseSensitive",
        aasa: components(#"[{"caseSensitive": false}]"#, defaults: #"{"/": "/Shop/*"}"#), url: "https://example.com/SHOP/1", expected: .match),

    // Leading slashes: Apple reads `//abc` as `/abc`.
    MatchCase(rule: "doubled leading slash", aasa: components(#"[{"/": "//abc"}]"#), url: "https://example.com/abc", expected: .match),
    MatchCase(rule: "doubled leading slash with star", aasa: components(#"[{"/": "//abc/*"}]"#), url: "https://example.com/abc/1", expected: .match),
    MatchCase(rule: "doubled leading slash in legacy paths", aasa: legacy(#"["//abc"]"#), url: "https://example.com/abc", expected: .match),
    MatchCase(
        rule: "doubled leading slash is not a wildcard", aasa: components(#"[{"/": "//abc"}]"#), url: "https://example.com/xabc", expected: .noMatch),

    // Percent-encoding.
    MatchCase(
        rule: "encoded pattern vs encoded URL", aasa: components(#"[{"/": "/caf%C3%A9"}]"#), url: "https://example.com/caf%C3%A9", expected: .match),
    MatchCase(
        rule: "decoded pattern vs encoded URL", aasa: components(#"[{"/": "/café"}]"#), url: "https://example.com/caf%C3%A9", expected: .noMatch),
    MatchCase(
        rule: "percentEncoded false decodes", aasa: components(#"[{"/": "/café", "percentEncoded": false}]"#), url: "https://example.com/caf%C3%A9",
        expected: .match),
    MatchCase(
        rule: "percentEncoded false: ? is one character", aasa: components(#"[{"/": "/caf?", "percentEncoded": false}]"#),
        url: "https://example.com/caf%C3%A9", expected: .match),
    MatchCase(
        rule: "percentEncoded false in query items", aasa: components(#"[{"?": {"q": "a b"}, "percentEncoded": false}]"#),
        url: "https://example.com/?q=a%20b", expected: .match),

    // Substitution variables.
    MatchCase(
        rule: "custom variable", aasa: components(#"[{"/": "/$(food)/*"}]"#, variables: #"{"food": ["burrito", "taco"]}"#),
        url: "https://example.com/taco/1", expected: .match),
    MatchCase(
        rule: "custom variable, other value", aasa: components(#"[{"/": "/$(food)/*"}]"#, variables: #"{"food": ["burrito", "taco"]}"#),
        url: "https://example.com/pizza/1", expected: .noMatch),
    MatchCase(
        rule: "custom values may hold wildcards", aasa: components(#"[{"/": "/$(v)"}]"#, variables: #"{"v": ["p?", "x*"]}"#),
        url: "https://example.com/xyz/1", expected: .match),
    MatchCase(
        rule: "custom values ? is one", aasa: components(#"[{"/": "/$(v)"}]"#, variables: #"{"v": ["p?"]}"#), url: "https://example.com/pqr",
        expected: .noMatch),
    MatchCase(
        rule: "lang and region", aasa: components(#"[{"/": "/$(lang)_$(region)/*"}]"#), url: "https://example.com/en_GB/shop", expected: .match),
    MatchCase(
        rule: "UK is not a region code", aasa: components(#"[{"/": "/$(lang)_$(region)/*"}]"#), url: "https://example.com/en_UK/shop",
        expected: .noMatch),
    MatchCase(rule: "region is case-sensitive", aasa: components(#"[{"/": "/$(region)"}]"#), url: "https://example.com/gb", expected: .noMatch),
    MatchCase(rule: "digit is one character", aasa: components(#"[{"/": "/v$(digit)"}]"#), url: "https://example.com/v12", expected: .noMatch),
    MatchCase(rule: "digit", aasa: components(#"[{"/": "/v$(digit)"}]"#), url: "https://example.com/v7", expected: .match),
    MatchCase(rule: "alpha", aasa: components(#"[{"/": "/$(alpha)$(alpha)"}]"#), url: "https://example.com/aZ", expected: .match),
    MatchCase(rule: "alnum rejects punctuation", aasa: components(#"[{"/": "/$(alnum)"}]"#), url: "https://example.com/-", expected: .noMatch),
    MatchCase(rule: "xdigit", aasa: components(#"[{"/": "/#$(xdigit)$(xdigit)"}]"#), url: "https://example.com/%23fF", expected: .noMatch),
    MatchCase(rule: "xdigit plain", aasa: components(#"[{"/": "/c$(xdigit)$(xdigit)"}]"#), url: "https://example.com/cfF", expected: .match),
    MatchCase(rule: "lower", aasa: components(#"[{"/": "/$(lower)"}]"#), url: "https://example.com/Q", expected: .noMatch),
    MatchCase(
        rule: "undefined variable never matches", aasa: components(#"[{"/": "/$(nope)"}]"#), url: "https://example.com/$(nope)", expected: .noMatch),
    MatchCase(rule: "variable with star after", aasa: components(#"[{"/": "/$(lang)/*"}]"#), url: "https://example.com/de/a/b", expected: .match),

    // Apps, hosts, schemes.
    MatchCase(rule: "other app", aasa: components(#"[{"/": "*"}]"#), url: "https://example.com/x", expected: .noMatch, appID: "ZZZZZ99999.com.other"),
    MatchCase(rule: "host is case-insensitive", aasa: components(#"[{"/": "/x"}]"#), url: "https://EXAMPLE.com/x", expected: .match),
    MatchCase(rule: "other host", aasa: components(#"[{"/": "*"}]"#), url: "https://evil.com/x", expected: .noMatch),
    MatchCase(rule: "http is not a universal link", aasa: components(#"[{"/": "*"}]"#), url: "http://example.com/x", expected: .noMatch),
    MatchCase(rule: "not a URL", aasa: components(#"[{"/": "*"}]"#), url: "example.com/x", expected: .noMatch),
]

private let multiApp = """
    {"applinks": {"details": [
      {"appIDs": ["AAAAA11111.com.shop", "BBBBB22222.com.shop.beta"], "components": [{"/": "/beta/*", "exclude": true}, {"/": "/p/*"}]},
      {"appIDs": ["BBBBB22222.com.shop.beta"], "components": [{"/": "/beta/*"}]},
      {"appID": "CCCCC33333.com.legacy", "paths": ["/old/*"], "components": [{"/": "/new/*"}]},
      {"appID": "DDDDD44444.com.two", "components": [{"/": "/one/*"}]},
      {"appID": "DDDDD44444.com.two", "components": [{"/": "/two/*"}]}
    ]}}
    """

private let multiAppCases: [MatchCase] = [
    MatchCase(rule: "shared detail", aasa: multiApp, url: "https://example.com/p/1", expected: .match, appID: "AAAAA11111.com.shop"),
    MatchCase(rule: "shared detail, second app", aasa: multiApp, url: "https://example.com/p/1", expected: .match, appID: "BBBBB22222.com.shop.beta"),
    MatchCase(
        rule: "exclude stops before the next detail", aasa: multiApp, url: "https://example.com/beta/1", expected: .exclude,
        appID: "BBBBB22222.com.shop.beta"),
    MatchCase(
        rule: "components win over paths", aasa: multiApp, url: "https://example.com/old/1", expected: .noMatch, appID: "CCCCC33333.com.legacy"),
    MatchCase(
        rule: "components win over paths (new)", aasa: multiApp, url: "https://example.com/new/1", expected: .match, appID: "CCCCC33333.com.legacy"),
    MatchCase(rule: "later detail for the same app", aasa: multiApp, url: "https://example.com/two/1", expected: .match, appID: "DDDDD44444.com.two"),
    MatchCase(rule: "app not in the file", aasa: multiApp, url: "https://example.com/p/1", expected: .noMatch, appID: "EEEEE55555.com.none"),
]

/// iOS 9-era files give `details` as a dictionary keyed by app ID; iOS reads them still
/// (recorded from Apple's matcher).
private let keyedLegacy = """
    {"applinks": {"apps": [], "details": {
      "ABCDE12345.com.example.app": {"paths": ["NOT /private/*", "/u/*"]},
      "FGHIJ67890.com.example.other": {"paths": ["*"]}
    }}}
    """

private let keyedLegacyCases: [MatchCase] = [
    MatchCase(rule: "keyed details: path", aasa: keyedLegacy, url: "https://example.com/u/1", expected: .match),
    MatchCase(rule: "keyed details: NOT", aasa: keyedLegacy, url: "https://example.com/private/1", expected: .exclude),
    MatchCase(rule: "keyed details: unlisted", aasa: keyedLegacy, url: "https://example.com/help", expected: .noMatch),
    MatchCase(
        rule: "keyed details: second app", aasa: keyedLegacy, url: "https://example.com/help", expected: .match, appID: "FGHIJ67890.com.example.other"
    ),
    MatchCase(
        rule: "keyed details: unknown app", aasa: keyedLegacy, url: "https://example.com/u/1", expected: .noMatch, appID: "ZZZZZ99999.com.none"),
]

@Suite("AASA matching, as Apple's matcher decides")
struct AASAMatcherTests {
    @Test(arguments: cases + multiAppCases + keyedLegacyCases)
    func decides(_ row: MatchCase) throws {
        let matcher = AASAMatcher(try AASADocument(json: row.aasa))
        #expect(matcher.decide(appID: row.appID, url: row.url, host: "example.com").decision == row.expected)
    }

    @Test func namesTheRuleThatDecided() throws {
        let matcher = AASAMatcher(try AASADocument(json: multiApp))
        let verdict = matcher.decide(appID: "BBBBB22222.com.shop.beta", url: "https://example.com/beta/x", host: "example.com")
        #expect(verdict.rule?.description == #"applinks.details[0].components[0] {"/":"/beta/*","exclude":true}"#)
        let legacyVerdict = AASAMatcher(try AASADocument(json: legacy(#"["NOT /_*", "/u/*"]"#)))
            .decide(appID: app, url: "https://example.com/u/1", host: "example.com")
        #expect(legacyVerdict.rule?.description == #"applinks.details[0].paths[1] "/u/*""#)
    }

    @Test func keyedDetailsKeepTheirFormWhenWrittenBack() throws {
        let document = try AASADocument(json: keyedLegacy)
        #expect(document.applinks?.detailsKeyedByAppID == true)
        #expect(AASAMatcher(document).appIDs == ["ABCDE12345.com.example.app", "FGHIJ67890.com.example.other"])
        let again = try AASADocument(json: document.jsonData())
        #expect(again == document)
        #expect(String(decoding: document.jsonData(), as: UTF8.self).contains(#""details":{"ABCDE12345.com.example.app":{"paths""#))
    }

    @Test func listsEveryApp() throws {
        let matcher = AASAMatcher(try AASADocument(json: multiApp))
        #expect(matcher.appIDs == ["AAAAA11111.com.shop", "BBBBB22222.com.shop.beta", "CCCCC33333.com.legacy", "DDDDD44444.com.two"])
    }

    @Test func wildcardHostsCoverSubdomains() throws {
        let matcher = AASAMatcher(try AASADocument(json: components(#"[{"/": "*"}]"#)))
        #expect(matcher.decide(appID: app, url: "https://shop.example.com/x", host: "*.example.com").decision == .match)
        #expect(matcher.decide(appID: app, url: "https://example.org/x", host: "*.example.com").decision == .noMatch)
    }

    @Test(arguments: ["", "[]", "{\"applinks\": {\"details\": 3}}", "{\"applinks\": {\"details\": [{\"components\": [{\"/\": 5}]}]}}", "not json"])
    func malformedFilesAreRefusedWithAReason(json: String) {
        #expect(throws: AASAError.self) { try AASADocument(json: json) }
    }

    /// `*a*a*a...b` against `aaaa...`: a backtracking matcher tries every way to place the
    /// stars (C(40, k) for k stars on 40 characters) and never finishes for 12 stars; Apple's
    /// and ours track the set of reachable positions, linear in pattern length times input.
    ///
    /// The bound is a ratio, not a duration: four stars against two on the same URL, both
    /// measured in this run, interleaved, best of seven rounds, so a busy machine slows both
    /// alike. Linear work less than doubles (9 tokens against 5, and the fixed cost of a
    /// decision; 1.4x measured); backtracking grows C(40,4)/C(40,2) = 117 times. 20x
    /// leaves room for noise and still fails a backtracking matcher in seconds instead of
    /// hanging on the 12 stars below.
    @Test func pathologicalPatternsFinish() throws {
        func matcher(stars: Int) throws -> AASAMatcher {
            let pattern = String(repeating: "*a", count: stars) + "b"
            return AASAMatcher(try AASADocument(json: components("[{\"/\": \"/\(pattern)\"}]")))
        }
        let url = "https://example.com/" + String(repeating: "a", count: 40)
        let two = try matcher(stars: 2), four = try matcher(stars: 4)
        let clock = ContinuousClock()
        func best(_ matcher: AASAMatcher, _ best: inout Duration) {
            let elapsed = clock.measure {
                for _ in 0..<10 { #expect(matcher.decide(appID: app, url: url, host: "example.com").decision == .noMatch) }
            }
            best = min(best, elapsed)
        }
        var bestTwo = Duration.seconds(1_000), bestFour = Duration.seconds(1_000)
        for _ in 0..<7 {
            best(two, &bestTwo)
            best(four, &bestFour)
        }
        let ratio = bestFour / bestTwo
        try #require(ratio < 20, "four stars took \(ratio)x the time of two (\(bestFour) vs \(bestTwo) per 10 decisions)")
        #expect(try matcher(stars: 12).decide(appID: app, url: url, host: "example.com").decision == .noMatch)
    }
}
