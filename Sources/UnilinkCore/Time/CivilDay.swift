/// A UTC calendar day from its number since 1970-01-01, by the proleptic Gregorian
/// calendar's civil-from-days arithmetic: what click days and HTTP dates need, made on
/// every click without a Calendar or formatter.
public struct CivilDay: Sendable, Equatable {
    public let year: Int64
    /// 1...12
    public let month: Int64
    /// 1...31
    public let day: Int64
    /// 0 for Sunday ... 6 for Saturday.
    public let weekday: Int64

    public init(daysSince1970 days: Int64) {
        // Eras of 400 years (146,097 days) starting on 0000-03-01, so leap days end a year.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // 1970-01-01 was a Thursday.
        weekday = ((days % 7) + 11) % 7
    }

    /// Writes `value` as `width` decimal digits, zero-padded, at `start`.
    public static func put(_ value: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int, width: Int) {
        var rest = max(0, value)
        for index in stride(from: start + width - 1, through: start, by: -1) {
            buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}
