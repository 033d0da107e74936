public import Foundation
public import UnilinkAPI

/// The days a stats query covers, read in a time zone: `from` and `to` are local days
/// (inclusive), the counters' UTC hours they span, and the local bucket each hour falls in.
/// Counters are kept by the UTC hour, so a zone whose offset is not whole hours (India,
/// Nepal) has its days begin on the hour before its midnight.
public struct StatsWindow: Sendable, Equatable {
    /// A parameter the caller must change: its name and what it must be.
    public struct Problem: Error, Equatable, Sendable {
        public let parameter: String
        public let message: String

        public init(parameter: String, message: String) {
            self.parameter = parameter
            self.message = message
        }
    }

    public static let maxHourlyDays = 400
    public static let maxDays = 3_660

    public let from: String
    public let to: String
    public let granularity: StatsGranularity
    public let timeZone: TimeZone
    /// The zone as it was asked for (`UTC` when it was not).
    public let zoneName: String
    /// Hours since 1970-01-01T00:00Z, half-open.
    public let hours: Range<Int64>

    /// `to` defaults to today in the zone (the day the current hour counts in), `from` to 29 days before `to` (or to the local day
    /// of `earliest`, as far back as the granularity allows), the zone to UTC and the
    /// granularity to days.
    public init(from: String?, to: String?, granularity: String?, tz: String?, now: Date, earliest: Date? = nil) throws(Problem) {
        let zoneName = tz ?? "UTC"
        guard !zoneName.isEmpty, let zone = TimeZone(identifier: zoneName) else {
            throw Problem(parameter: "tz", message: "'tz' must be an IANA time zone like Europe/Berlin or America/New_York")
        }
        let kind = granularity ?? StatsGranularity.day.rawValue
        guard let granularity = StatsGranularity(rawValue: kind) else {
            throw Problem(parameter: "granularity", message: "'granularity' must be \(StatsGranularity.choices)")
        }
        // Today is the day the current hour's clicks count in: in a +5:30 zone, from 18:00Z
        // (23:30 local) that is already tomorrow, as `bucket(ofHour:)` reads the hour.
        let hourEnd = Self.hour(ofSecond: Int64((now.timeIntervalSince1970).rounded(.down))) * 3600 + 3599
        let today = Self.localDay(of: hourEnd, in: zone)
        let last = try Self.day(to, "to") ?? today
        let limit = granularity == .hour ? Self.maxHourlyDays : Self.maxDays
        let since = earliest.map {
            min(last, max(last - Int64(limit) + 1, Self.localDay(of: Int64($0.timeIntervalSince1970.rounded(.down)), in: zone)))
        }
        let first = try Self.day(from, "from") ?? since ?? last - 29
        guard first <= last else { throw Problem(parameter: "from", message: "'from' must not be after 'to'") }
        guard last - first < limit else {
            throw Problem(parameter: "from", message: "'from' to 'to' may cover at most \(limit) days at \(granularity.rawValue) granularity")
        }
        self.from = Self.text(day: first)
        self.to = Self.text(day: last)
        self.granularity = granularity
        timeZone = zone
        self.zoneName = zoneName
        hours = Self.utcHour(startingLocalDay: first, in: zone)..<Self.utcHour(startingLocalDay: last + 1, in: zone)
    }

    /// Whether the zone's days are UTC days all through the window (UTC, GMT, or a zone at
    /// +0 without summer time): then daily counters serve day and month buckets.
    public var daysAreUTCDays: Bool {
        let start = Date(timeIntervalSince1970: Double(hours.lowerBound * 3600))
        let end = Date(timeIntervalSince1970: Double(hours.upperBound * 3600))
        guard timeZone.secondsFromGMT(for: start) == 0, timeZone.secondsFromGMT(for: end) == 0 else { return false }
        return timeZone.nextDaylightSavingTimeTransition(after: start).map { $0 >= end } ?? true
    }

    /// The local bucket an hour falls in: `2026-11-23T14`, `2026-11-23` or `2026-11`, read
    /// at the hour's last second (in a +5:30 zone, 18:00-19:00Z is 23:30-00:30 and belongs
    /// to the day that begins in it, as the window's hours say).
    public func bucket(ofHour hour: Int64) -> String {
        bucket(ofHour: hour, by: granularity)
    }

    public func bucket(ofHour hour: Int64, by granularity: StatsGranularity) -> String {
        let last = hour * 3600 + 3599
        let local = last + Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(last))))
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let civil = CivilDay(daysSince1970: day)
        let month = Self.pad(civil.year, 4) + "-" + Self.pad(civil.month, 2)
        switch granularity {
        case .month: return month
        case .day: return month + "-" + Self.pad(civil.day, 2)
        case .hour: return month + "-" + Self.pad(civil.day, 2) + "T" + Self.pad((local - day * 86_400) / 3600, 2)
        }
    }

    /// Every bucket of the window in order, each once.
    public var buckets: [String] {
        var seen = Set<String>()
        var ordered: [String] = []
        var hour = hours.lowerBound
        while hour < hours.upperBound {
            let name = bucket(ofHour: hour)
            if seen.insert(name).inserted { ordered.append(name) }
            hour += 1
        }
        return ordered
    }

    private static func day(_ text: String?, _ parameter: String) throws(Problem) -> Int64? {
        guard let text else { return nil }
        guard let day = CivilDay.daysSince1970(parsing: text) else {
            throw Problem(parameter: parameter, message: "'\(parameter)' must be a date like 2026-11-22")
        }
        return day
    }

    private static func localDay(of second: Int64, in zone: TimeZone) -> Int64 {
        let local = second + Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second))))
        return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// The UTC hour in which the local day begins (its midnight, read twice: the offset at
    /// midnight may differ from the offset a day earlier).
    private static func utcHour(startingLocalDay day: Int64, in zone: TimeZone) -> Int64 {
        var second = day * 86_400
        for _ in 0..<2 {
            second = day * 86_400 - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second))))
        }
        return hour(ofSecond: second)
    }

    /// The hour since 1970 a second falls in, before 1970 too (division rounding down).
    private static func hour(ofSecond second: Int64) -> Int64 {
        second >= 0 ? second / 3600 : (second - 3599) / 3600
    }

    public static func text(day: Int64) -> String {
        let civil = CivilDay(daysSince1970: day)
        return pad(civil.year, 4) + "-" + pad(civil.month, 2) + "-" + pad(civil.day, 2)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
