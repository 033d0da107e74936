import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

@Suite("Stats windows in a time zone")
struct StatsWindowTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T09:46:40Z

    static func window(_ from: String?, _ to: String?, _ granularity: String? = nil, _ tz: String? = nil) throws -> StatsWindow {
        try StatsWindow(from: from, to: to, granularity: granularity, tz: tz, now: now)
    }

    static func hour(_ text: String) -> Int64 {
        Int64(ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970) / 3600
    }

    @Test func withNothingGivenItIsTheLast30UTCDaysByDay() throws {
        let window = try Self.window(nil, nil)
        #expect(window.from == "2026-10-20" && window.to == "2026-11-18" && window.granularity == .day)
        #expect(window.hours == Self.hour("2026-10-20T00:00:00Z")..<Self.hour("2026-11-19T00:00:00Z"))
        #expect(window.buckets.count == 30 && window.buckets.first == "2026-10-20" && window.buckets.last == "2026-11-18")
    }

    /// Local midnights: New York is 5 hours behind in winter and 4 in summer; Kolkata's
    /// +5:30 begins its day in the hour before its midnight; Berlin's spring day has 23 hours.
    @Test(arguments: [
        ("America/New_York", "2026-11-10", "2026-11-10", "2026-11-10T05:00:00Z", "2026-11-11T05:00:00Z", 24),
        ("America/New_York", "2026-07-01", "2026-07-01", "2026-07-01T04:00:00Z", "2026-07-02T04:00:00Z", 24),
        ("Asia/Kolkata", "2026-11-10", "2026-11-10", "2026-11-09T18:00:00Z", "2026-11-10T18:00:00Z", 24),
        ("Europe/Berlin", "2026-03-29", "2026-03-29", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", 23),
        ("Europe/Berlin", "2026-10-25", "2026-10-25", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", 24),
    ])
    func daysBeginAtLocalMidnight(tz: String, from: String, to: String, start: String, end: String, buckets: Int) throws {
        let window = try Self.window(from, to, "hour", tz)
        #expect(window.hours == Self.hour(start)..<Self.hour(end))
        #expect(window.buckets.count == buckets, "the fall-back hour 02 of Berlin's 25-hour day is one bucket")
        #expect(window.buckets.first == "\(from)T00")
        #expect(try Self.window(from, to, "day", tz).buckets == [from])
    }

    @Test func anHourFallsInItsLocalBucket() throws {
        let newYork = try Self.window("2026-11-01", "2026-12-31", "month", "America/New_York")
        #expect(newYork.bucket(ofHour: Self.hour("2026-12-01T04:00:00Z")) == "2026-11", "23:00 on 30 November in New York")
        #expect(newYork.bucket(ofHour: Self.hour("2026-12-01T05:00:00Z")) == "2026-12")
        #expect(newYork.buckets == ["2026-11", "2026-12"])
        let hourly = try Self.window("2026-11-01", "2026-11-01", "hour", "America/New_York")
        #expect(hourly.bucket(ofHour: Self.hour("2026-11-01T17:00:00Z")) == "2026-11-01T12")
    }

    @Test(
        arguments: [
            ("2026-11-20", "2026-11-10", nil, nil, "from", "'from' must not be after 'to'"),
            ("2026-02-30", nil, nil, nil, "from", "'from' must be a date like 2026-11-22"),
            (nil, "yesterday", nil, nil, "to", "'to' must be a date like 2026-11-22"),
            (nil, nil, "week", nil, "granularity", "'granularity' must be hour, day or month"),
            (nil, nil, nil, "Mars/Olympus", "tz", "'tz' must be an IANA time zone like Europe/Berlin or America/New_York"),
            (nil, nil, nil, "", "tz", "'tz' must be an IANA time zone like Europe/Berlin or America/New_York"),
            ("2025-01-01", "2026-02-05", "hour", nil, "from", "'from' to 'to' may cover at most 400 days at hour granularity"),
            ("2000-01-01", "2026-02-05", "day", nil, "from", "'from' to 'to' may cover at most 3660 days at day granularity"),
        ] as [(String?, String?, String?, String?, String, String)])
    func badInputNamesTheParameter(from: String?, to: String?, granularity: String?, tz: String?, parameter: String, message: String) {
        #expect(throws: StatsWindow.Problem(parameter: parameter, message: message)) {
            try StatsWindow(from: from, to: to, granularity: granularity, tz: tz, now: Self.now)
        }
    }

    /// In a +5:30 zone the hour 18:00-19:00Z (23:30-00:30 local) counts in the next local
    /// day; by default the window ends with the day that holds the current hour's clicks.
    @Test func theDefaultWindowHoldsTheCurrentHourInAHalfHourZone() throws {
        let lateEvening = Date(timeIntervalSince1970: 1_795_026_000)  // 2026-11-18T18:20Z
        let kolkata = try StatsWindow(from: nil, to: nil, granularity: "hour", tz: "Asia/Kolkata", now: lateEvening)
        #expect(kolkata.to == "2026-11-19")
        let hour = Int64(lateEvening.timeIntervalSince1970) / 3600
        #expect(kolkata.hours.contains(hour) && kolkata.bucket(ofHour: hour) == "2026-11-19T00")
        let earlier = try StatsWindow(from: nil, to: nil, granularity: "hour", tz: "Asia/Kolkata", now: lateEvening - 3600)
        #expect(earlier.to == "2026-11-18")
        #expect(try StatsWindow(from: nil, to: nil, granularity: nil, tz: nil, now: lateEvening).to == "2026-11-18")
    }

    @Test func fourHundredDaysByTheHourAreAllowed() throws {
        let window = try Self.window("2025-10-15", "2026-11-18", "hour")
        #expect(window.hours.count == 400 * 24)
        #expect(window.buckets.count == 400 * 24)
    }

    @Test func theReportFillsEveryBucketAndRanksLinks() throws {
        let window = try Self.window("2026-11-01", "2026-11-03", "day", "America/New_York")
        var counts = AppHourlyCounts()
        counts.clicksByHour = [Self.hour("2026-11-01T12:00:00Z"): 3, Self.hour("2026-11-03T04:00:00Z"): 2]  // the second: 2 Nov, 23:00 local
        counts.eventsByHour = [Self.hour("2026-11-01T12:00:00Z"): ["install": 1, "open": 4, "custom:purchase": 9]]
        counts.breakdown = [
            .init(platform: "ios", outcome: "store", source: "", clicks: 4),
            .init(platform: "android", outcome: "preview", source: "instagram", clicks: 1),
        ]
        counts.clicksByLink = ["lnk_b": 2, "lnk_a": 2, "": 1]
        let stats = AppStatsReport.make(appID: "app", window: window, counts: counts)
        #expect(stats.series.map(\.start) == ["2026-11-01", "2026-11-02", "2026-11-03"])
        #expect(stats.series.map(\.clicks) == [3, 2, 0])
        #expect(stats.series.map(\.installs) == [1, 0, 0] && stats.series.map(\.opens) == [4, 0, 0])
        #expect(stats.clicks == 5 && stats.installs == 1 && stats.opens == 4)
        #expect(stats.bySource == ["browser": 4, "instagram": 1])
        #expect(stats.topLinks.map(\.linkID) == ["lnk_a", "lnk_b", nil])
        #expect(stats.tz == "America/New_York")
        #expect(stats.customEvents == ["purchase": 9])
    }

    /// A link's stats start on the day it was made, in the zone, as far back as the
    /// granularity allows.
    @Test func aWindowCanStartOnTheDayOfItsEarliestDate() throws {
        let madeLateOnTheThird = Date(timeIntervalSince1970: Double(Self.hour("2026-11-04T03:00:00Z") * 3600))
        let newYork = try StatsWindow(from: nil, to: nil, granularity: nil, tz: "America/New_York", now: Self.now, earliest: madeLateOnTheThird)
        #expect(newYork.from == "2026-11-03" && newYork.to == "2026-11-18")
        let utc = try StatsWindow(from: nil, to: nil, granularity: nil, tz: nil, now: Self.now, earliest: madeLateOnTheThird)
        #expect(utc.from == "2026-11-04")
        let old = try StatsWindow(from: nil, to: nil, granularity: "hour", tz: nil, now: Self.now, earliest: .distantPast)
        #expect(old.from == "2025-10-15" && old.buckets.count == 400 * 24)
        let given = try StatsWindow(from: "2026-11-10", to: nil, granularity: nil, tz: nil, now: Self.now, earliest: madeLateOnTheThird)
        #expect(given.from == "2026-11-10")
    }

    @Test func onlyZonesAtZeroWithoutSummerTimeHaveUTCDays() throws {
        #expect(try Self.window("2026-01-01", "2026-11-18", "day", "UTC").daysAreUTCDays)
        #expect(try Self.window("2026-01-01", "2026-11-18", "month", "Africa/Abidjan").daysAreUTCDays)
        #expect(try !Self.window("2026-01-01", "2026-11-18", "day", "Europe/London").daysAreUTCDays, "summer time")
        #expect(try Self.window("2026-11-01", "2026-11-18", "day", "Europe/London").daysAreUTCDays, "winter only")
        #expect(try !Self.window("2026-11-01", "2026-11-18", "day", "Asia/Kolkata").daysAreUTCDays)
    }

    @Test func aLinksAnswerListsTheLocalDaysThatHadClicks() throws {
        let window = try Self.window("2026-11-01", "2026-11-03", "hour", "America/New_York")
        var counts = AppHourlyCounts()
        counts.clicksByHour = [Self.hour("2026-11-01T12:00:00Z"): 3, Self.hour("2026-11-03T04:00:00Z"): 2]
        counts.breakdown = [.init(platform: "ios", outcome: "store", source: "", clicks: 5)]
        let stats = LinkStatsAnswer.make(linkID: "lnk", window: window, counts: counts)
        #expect(stats.daily == [.init(date: "2026-11-01", clicks: 3), .init(date: "2026-11-02", clicks: 2)])
        #expect(stats.series.count == 72 && stats.series.map(\.clicks).reduce(0, +) == 5, "1 November's repeated 01:00 is one bucket")
        #expect(stats.series.first { $0.clicks == 2 }?.start == "2026-11-02T23")
        #expect(stats.clicks == 5 && stats.bySource == ["browser": 5] && stats.granularity == .hour)
    }
}
