import Foundation
import Testing
import UnilinkCore

/// Why a URL is not claimed (`AASAMatcher.explain`): the check that failed, and the
/// sentence the link debugger shows for it.
@Suite("AASA explanations")
struct AASAMatcherExplanationTests {
    static let app = "ABCDE12345.com.example.app"

    static func matcher(_ json: String) throws -> AASAMatcher {
        AASAMatcher(try AASADocument(json: Data(json.utf8)))
    }

    static func components(_ json: String) -> String {
        #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": \#(json)}]}}"#
    }

    @Test func aPathNoPatternMatchesNamesThePatterns() throws {
        let matcher = try Self.matcher(Self.components(#"[{"/": "/u/*"}, {"/": "/p/*"}]"#))
        let explained = matcher.explain(appID: Self.app, url: "https://example.com/x", host: "example.com")
        #expect(explained.verdict.decision == .noMatch)
        guard case .noRuleMatched(let misses) = explained.miss else {
            Issue.record("expected rule misses, got \(String(describing: explained.miss))")
            return
        }
        #expect(misses.map(\.component) == [.path(pattern: "/u/*", value: "/x"), .path(pattern: "/p/*", value: "/x")])
        #expect(explained.reason == #"the path /x matches no "/" pattern: the patterns are /u/*, /p/*"#)
    }

    @Test func aQueryItemThatDoesNotMatchIsNamed() throws {
        let matcher = try Self.matcher(Self.components(#"[{"/": "/u/*", "?": {"ref": "?*"}}]"#))
        let absent = matcher.explain(appID: Self.app, url: "https://example.com/u/1", host: "example.com")
        #expect(
            absent.miss
                == .noRuleMatched([.init(rule: try #require(Self.rule(matcher)), component: .queryItem(name: "ref", pattern: "?*", value: nil))]))
        #expect(absent.reason.contains("the query has no item ref"))
        let matched = matcher.explain(appID: Self.app, url: "https://example.com/u/1?ref=a", host: "example.com")
        #expect(matched.verdict.decision == .match && matched.miss == nil && matched.reason.hasPrefix("matched by applinks.details[0].components[0]"))
    }

    /// The reference of the file's first component, as a match reports it.
    static func rule(_ matcher: AASAMatcher) -> AASARuleReference? {
        matcher.explain(appID: app, url: "https://example.com/u/1?ref=a#f", host: "example.com").verdict.rule
    }

    @Test func theWholeQueryAndTheFragmentAreNamed() throws {
        let query = try Self.matcher(Self.components(#"[{"/": "/u/*", "?": "a=1"}]"#))
        let wrongQuery = query.explain(appID: Self.app, url: "https://example.com/u/1?a=2", host: "example.com")
        guard case .noRuleMatched(let misses) = wrongQuery.miss else {
            Issue.record("expected rule misses")
            return
        }
        #expect(misses.map(\.component) == [.query(pattern: "a=1", value: "a=2")])
        let fragment = try Self.matcher(Self.components(##"[{"/": "/u/*", "#": "top"}]"##))
        let wrongFragment = fragment.explain(appID: Self.app, url: "https://example.com/u/1#bottom", host: "example.com")
        #expect(wrongFragment.reason.contains(##"the fragment "bottom" does not match "#": "top""##))
    }

    @Test func anExclusionNamesItsRule() throws {
        let matcher = try Self.matcher(Self.components(#"[{"/": "/help/*", "exclude": true}, {"/": "/*"}]"#))
        let explained = matcher.explain(appID: Self.app, url: "https://example.com/help/faq", host: "example.com")
        #expect(explained.verdict.decision == .exclude && explained.miss == nil)
        #expect(explained.reason == #"excluded by applinks.details[0].components[0] {"/":"/help/*","exclude":true} (exclude: true)"#)
        let legacy = try Self.matcher(#"{"applinks": {"apps": [], "details": [{"appID": "\#(Self.app)", "paths": ["NOT /help/*", "/*"]}]}}"#)
        #expect(
            legacy.explain(appID: Self.app, url: "https://example.com/help/x", host: "example.com").reason
                == #"excluded by applinks.details[0].paths[0] "NOT /help/*" (NOT)"#)
    }

    @Test func theAppTheHostAndTheSchemeAreChecksToo() throws {
        let matcher = try Self.matcher(Self.components(#"[{"/": "/*"}]"#))
        let otherApp = matcher.explain(appID: "FGHIJ67890.com.other", url: "https://example.com/u", host: "example.com")
        #expect(otherApp.miss == .appNotNamed(appID: "FGHIJ67890.com.other", named: [Self.app]))
        #expect(otherApp.reason.contains("no applinks.details entry names FGHIJ67890.com.other in appIDs or appID"))
        let otherHost = matcher.explain(appID: Self.app, url: "https://other.example.com/u", host: "example.com")
        #expect(otherHost.miss == .hostNotServed(urlHost: "other.example.com", fileHost: "example.com"))
        let http = matcher.explain(appID: Self.app, url: "http://example.com/u", host: "example.com")
        #expect(http.miss == .notHTTPS(scheme: "http"))
        #expect(matcher.explain(appID: Self.app, url: "/relative", host: "example.com").miss == .notAbsoluteURL)
    }

    /// The explanation never disagrees with the decision the click path uses.
    @Test(arguments: ["https://example.com/u/1", "https://example.com/help/x", "https://example.com/x?ref=1", "https://example.com/u/1#f"])
    func explainAgreesWithDecide(url: String) throws {
        let matcher = try Self.matcher(
            Self.components(##"[{"/": "/help/*", "exclude": true}, {"/": "/u/*", "#": "?*"}, {"?": {"ref": "1"}, "/": "/x"}]"##))
        let explained = matcher.explain(appID: Self.app, url: url, host: "example.com")
        #expect(explained.verdict == matcher.decide(appID: Self.app, url: url, host: "example.com"))
        #expect((explained.miss == nil) == (explained.verdict.decision != .noMatch))
    }
}
