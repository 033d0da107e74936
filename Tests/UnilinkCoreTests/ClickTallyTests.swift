import Foundation
import Testing
import UnilinkCore

@Suite("Counting clicks by the hour")
struct ClickTallyTests {
    @Test(
        arguments: [
            ("1970-01-01", 0), ("1970-01-02", 1), ("1969-12-31", -1), ("2000-02-29", 11_016), ("2000-03-01", 11_017),
            ("2026-11-25", 20_782), ("0000-01-01", -719_528), ("9999-12-31", 2_932_896),
        ] as [(String, Int64)])
    func aDayIsTheNumberItsCivilDayComesFrom(text: String, number: Int64) {
        #expect(CivilDay.daysSince1970(parsing: text) == number)
        let civil = CivilDay(daysSince1970: number)
        #expect(CivilDay.daysSince1970(year: civil.year, month: civil.month, day: civil.day) == number)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "26-01-01", "2026/01/01", "2026-01-0x", ""])
    func aDayThatIsNotInTheCalendarIsNoDay(text: String) {
        #expect(CivilDay.daysSince1970(parsing: text) == nil)
    }

    @Test func everyDayOfFourCenturiesGoesThereAndBack() {
        for number in Int64(-146_097)...Int64(146_097) {
            let civil = CivilDay(daysSince1970: number)
            if CivilDay.daysSince1970(year: civil.year, month: civil.month, day: civil.day) != number {
                Issue.record("day \(number) came back different")
                return
            }
        }
    }

    @Test(arguments: [(0, 0), (3_599_999, 0), (3_600_000, 1), (1_800_000_000_000, 500_000), (-1, -1)] as [(Int64, Int64)])
    func anHourIsWhereItsMillisecondsBegin(milliseconds: Int64, hour: Int64) {
        #expect(ClickTally.hour(millisecondsSince1970: milliseconds) == hour)
    }

    static func click(_ id: String, link: String?, at seconds: TimeInterval, outcome: ClickOutcome, source: String? = nil) -> ClickRecord {
        ClickRecord(
            clickID: id, appID: "app", linkID: link, time: Date(timeIntervalSince1970: seconds), host: "exm.pl", path: "/x", platform: .ios,
            outcome: outcome, inAppBrowser: source)
    }

    @Test func clicksOfOneHourLinkAndKindAddUpAndAStepMovesOneClickBetweenOutcomes() {
        var tally = ClickTally()
        for (index, seconds) in [7_200.0, 7_300, 10_799, 10_800].enumerated() {
            let click = Self.click("c\(index)", link: "lnk", at: seconds, outcome: .preview)
            tally.add(click, millisecondsSince1970: Int64(seconds * 1000))
        }
        tally.add(Self.click("w", link: nil, at: 7_200, outcome: .web, source: "instagram"), millisecondsSince1970: 7_200_000)
        let preview = ClickTally.Key(appID: "app", linkID: "lnk", hour: 2, platform: "ios", outcome: "preview", source: nil)
        var later = preview
        later.hour = 3
        let web = ClickTally.Key(appID: "app", linkID: nil, hour: 2, platform: "ios", outcome: "web", source: "instagram")
        #expect(tally.counts == [preview: 3, later: 1, web: 1])

        tally.move(preview, to: "store")
        var store = preview
        store.outcome = "store"
        #expect(tally.counts == [preview: 2, later: 1, web: 1, store: 1])
        tally.move(later, to: "store")
        tally.move(later, to: "store")
        var laterStore = later
        laterStore.outcome = "store"
        #expect(tally.counts[later] == -1, "a step for a click stored in an earlier batch takes it from that batch's count")
        #expect(tally.counts[laterStore] == 2)
        tally.move(preview, to: "preview")
        #expect(tally.counts[preview] == 2, "a step to the same outcome changes nothing")

        // Without the link, and per link and day: a move changes the app's outcomes, never a link's day.
        #expect(tally.rolled(.appHourKinds).values.reduce(0, +) == tally.counts.values.reduce(0, +))
        let appStore = ClickTally.Key(appID: "app", linkID: nil, hour: 2, platform: "ios", outcome: "store", source: nil)
        #expect(tally.rolled(.appHourKinds)[appStore] == 1)
        #expect(
            tally.rolled(.appHours) == [
                .init(appID: "app", linkID: nil, hour: 2, platform: "", outcome: "", source: nil): 4,
                ClickTally.Key(appID: "app", linkID: nil, hour: 3, platform: "", outcome: "", source: nil): 1,
            ])
        #expect(
            tally.rolled(.linkDayKinds) == [
                .init(appID: "app", linkID: "lnk", hour: 0, platform: "ios", outcome: "preview", source: nil): 1,
                .init(appID: "app", linkID: "lnk", hour: 0, platform: "ios", outcome: "store", source: nil): 3,
                .init(appID: "app", linkID: nil, hour: 0, platform: "ios", outcome: "web", source: "instagram"): 1,
            ])
        #expect(
            tally.rolled(.linkDays) == [
                .init(appID: "app", linkID: "lnk", hour: 0, platform: "", outcome: "", source: nil): 4,
                .init(appID: "app", linkID: nil, hour: 0, platform: "", outcome: "", source: nil): 1,
            ])
        #expect(tally.rolled(.linkHours)[.init(appID: "app", linkID: "lnk", hour: 2, platform: "", outcome: "", source: nil)] == 3)
        #expect(tally.rolled(.appDayKinds).values.reduce(0, +) == 5)
    }
}
