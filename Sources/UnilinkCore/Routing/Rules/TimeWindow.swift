public import Foundation

/// Local time in one time zone: between two local date-times, on some weekdays, between
/// some hours. Worked out from the zone's offset at the moment, without a calendar.
public struct TimeWindow: Sendable, Equatable {
    public var zone: TimeZone
    /// Local wall-clock seconds since 1970-01-01T00:00 (as if the zone were UTC).
    public var from: Int64?
    public var until: Int64?
    /// Bit 0 Monday ... bit 6 Sunday; all set when not given.
    public var days: UInt8
    /// Minutes since local midnight; `until` may be before `from` (a night: 22:00 to 06:00).
    public var hours: (from: Int, until: Int)?

    public static func == (a: TimeWindow, b: TimeWindow) -> Bool {
        a.zone == b.zone && a.from == b.from && a.until == b.until && a.days == b.days && a.hours?.from == b.hours?.from
            && a.hours?.until == b.hours?.until
    }

    public func contains(_ time: Date) -> Bool {
        let local = Int64(time.timeIntervalSince1970.rounded(.down)) + Int64(zone.secondsFromGMT(for: time))
        if let from, local < from { return false }
        if let until, local >= until { return false }
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        // 1970-01-01 was a Thursday: Monday-based weekday 3.
        let weekday = Int((day + 3) % 7 + 7) % 7
        guard days & (1 << weekday) != 0 else { return false }
        if let hours {
            let minute = Int((local - day * 86_400) / 60)
            if hours.from <= hours.until {
                guard minute >= hours.from && minute < hours.until else { return false }
            } else {
                guard minute >= hours.from || minute < hours.until else { return false }
            }
        }
        return true
    }

    public static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// `thu 2026-11-26T14:05 Europe/Berlin`: the moment as a rule in `zone` reads it.
    public static func localText(_ time: Date, in zone: TimeZone) -> String {
        let local = Int64(time.timeIntervalSince1970.rounded(.down)) + Int64(zone.secondsFromGMT(for: time))
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let weekday = Int((day + 3) % 7 + 7) % 7
        let civil = CivilDay(daysSince1970: day)
        let minute = (local - day * 86_400) / 60
        func two(_ value: Int64) -> Substring { String(value + 100).dropFirst() }
        return "\(dayNames[weekday]) \(civil.year)-\(two(civil.month))-\(two(civil.day))T\(two(minute / 60)):\(two(minute % 60)) \(zone.identifier)"
    }

    /// `2026-11-27T09:30` (seconds optional) as local wall-clock seconds.
    static func localSeconds(_ text: String) -> Int64? {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard date.count == 3, (2...3).contains(time.count), let year = date[0], let month = date[1], let dayOfMonth = date[2],
            let hour = time[0], let minute = time[1], (1970...9999).contains(year), (1...12).contains(month), (0...23).contains(hour),
            (0...59).contains(minute)
        else { return nil }
        let second = time.count == 3 ? time[2] : 0
        guard let second, (0...59).contains(second) else { return nil }
        let monthDays = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...monthDays[month - 1]).contains(dayOfMonth) else { return nil }
        // Days from the civil date (proleptic Gregorian).
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = y / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(dayOfMonth) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
    }

    /// `09:00` as minutes since midnight; `24:00` is the end of the day.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...59).contains(minute) else {
            return nil
        }
        guard (0...23).contains(hour) || (hour == 24 && minute == 0) else { return nil }
        return hour * 60 + minute
    }
}
