import Foundation
import Testing
import UnilinkCore

/// What a click adds to the numbers by country and by rule: the link's count and the app's,
/// and a rule kept as the link page numbers it.
@Suite("Counts by country and by rule")
struct BreakdownTallyTests {
    static func click(link: String? = "lnk_1", country: String? = nil, rule: RuleHit? = nil) -> ClickRecord {
        ClickRecord(
            clickID: "c", appID: "app_1", linkID: link, time: Date(timeIntervalSince1970: 0), host: "exm.pl", path: "/", platform: .desktop,
            outcome: .web, country: country, rule: rule)
    }

    @Test(arguments: [
        (RuleHit(number: 1, name: "German"), "link:1:German"), (RuleHit(number: 3, fromApp: true), "app:3:"), (RuleHit(number: nil), "none::"),
        (RuleHit(number: 2, name: "a:b"), "link:2:a:b"),
    ])
    func aRuleIsKeptAndReadBack(hit: RuleHit, stored: String) {
        #expect(hit.stored == stored)
        #expect(RuleHit(stored: stored) == hit)
    }

    @Test(arguments: ["", "link", "link:x:", "rule:1:", "link:1"])
    func aStoredRuleThatIsNoneIsNotRead(stored: String) {
        #expect(RuleHit(stored: stored) == nil)
    }

    @Test func eachClickCountsForItsLinkAndTheAppItsCountryAndOnlyTheAppsOwnRules() {
        var tally = BreakdownTally()
        tally.add(Self.click(country: "DE", rule: RuleHit(number: 1, name: "German")), millisecondsSince1970: 86_400_000 * 3 + 5)
        tally.add(Self.click(country: "", rule: RuleHit(number: 2, fromApp: true)), millisecondsSince1970: 86_400_000 * 3 + 9)
        tally.add(Self.click(link: nil, rule: RuleHit(number: 1, fromApp: true)), millisecondsSince1970: 86_400_000 * 3 + 9)
        tally.add(Self.click(), millisecondsSince1970: 86_400_000 * 3)
        func count(_ link: String, _ dimension: BreakdownTally.Dimension, _ value: String) -> Int64? {
            tally.counts[.init(appID: "app_1", linkID: link, day: 3, dimension: dimension, value: value)]
        }
        #expect(count("lnk_1", .country, "DE") == 1 && count("", .country, "DE") == 1)
        #expect(count("lnk_1", .country, "") == 1 && count("", .country, "") == 1)
        #expect(count("lnk_1", .rule, "link:1:German") == 1 && count("", .rule, "link:1:German") == nil)
        #expect(count("lnk_1", .rule, "app:2:") == 1 && count("", .rule, "app:2:") == 1)
        #expect(count("", .rule, "app:1:") == 1, "a click on no link, taken by an app rule")
        #expect(tally.counts.count == 8)
        #expect(tally.ordered.map(\.key) == tally.ordered.map(\.key).sorted())
    }
}
