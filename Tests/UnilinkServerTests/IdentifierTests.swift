import Foundation
import Testing
import UnilinkCore

@testable import UnilinkServer
@testable import UnilinkStorage

/// Ids and keys made on the click path without a formatter: their shape and spread, and
/// the click's UTC day against Foundation's calendar.
@Suite("Identifiers and days")
struct IdentifierTests {
    @Test func clickIDsAreWellFormedAndDoNotRepeat() {
        let ids = (0..<20_000).map { _ in Identifiers.clickID() }
        #expect(ids.allSatisfy { ClickID.isWellFormed(Substring($0)) })
        #expect(Set(ids).count == ids.count)
        // Every base-62 character turns up in the random part, each about as often as the others.
        var counts: [Character: Int] = [:]
        for id in ids { for character in id.dropFirst(8) { counts[character, default: 0] += 1 } }
        #expect(counts.count == 62)
        let expected = Double(ids.count * (ClickID.length - 8)) / 62
        #expect(counts.values.allSatisfy { abs(Double($0) - expected) < expected * 0.1 })
    }

    @Test func laterClickIDsSortLater() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        // A millisecond apart: the time prefix orders them (within one millisecond the random part does not).
        let ids = (0..<1_000).map { Identifiers.clickID(at: start.addingTimeInterval(Double($0) * 0.001 + 0.0005)) }
        #expect(ids == ids.sorted())
        #expect(Identifiers.clickID(at: Date(timeIntervalSince1970: 0)).hasPrefix("00000000"))
        #expect(Identifiers.clickID(at: Date(timeIntervalSince1970: 4_102_444_800)) > Identifiers.clickID(at: start))
    }

    @Test func linkIDsSortByCreationTime() {
        let early = Identifiers.linkID(at: Date(timeIntervalSince1970: 1_700_000_000))
        let late = Identifiers.linkID(at: Date(timeIntervalSince1970: 1_700_000_000.001))
        #expect(early.hasPrefix("lnk_018bcfe56800"))
        #expect(early.count == 26 && late.count == 26)
        #expect(early < late)
    }

    /// A bulk change writes its entries in one millisecond; the log lists them in the order
    /// they were made, and a clock stepping back does not reorder them.
    @Test func auditIDsSortInTheOrderTheyWereMade() {
        let now = Date.now
        let ids =
            (0..<500).map { _ in Identifiers.auditID(at: now) } + [Identifiers.auditID(at: now.addingTimeInterval(-60))]
            + [Identifiers.auditID(at: now.addingTimeInterval(0.002))]
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.wholeMatch(of: /aud_[0-9a-f]{15}[0-9A-Za-z]{7}/) != nil }, "\(ids.prefix(3))")

        var clock = AuditClock()
        #expect(clock.next(at: 5) == (5, 0))
        #expect(clock.next(at: 5) == (5, 1))
        #expect(clock.next(at: 4) == (5, 2), "the clock stepped back")
        #expect(clock.next(at: 6) == (6, 0))
        for _ in 1..<AuditClock.sequences { _ = clock.next(at: 6) }
        #expect(clock.next(at: 6) == (7, 0), "past the last sequence number, the next millisecond")
    }

    @Test func keysAreHashedAsSHA256Hex() {
        #expect(Identifiers.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func clickDaysAreUTCCalendarDays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SystemRandomNumberGenerator()
        let instants =
            [0, -1, 86_399.999, 86_400, 951_782_400, 951_868_799, 4_107_542_400, -2_208_988_800, 1_798_761_599.5]
            + (0..<2_000).map { _ in Double.random(in: -3_000_000_000...6_000_000_000, using: &generator) }
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let expected = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            #expect(SQLStore.day(date) == expected, "\(seconds)")
        }
    }
}
