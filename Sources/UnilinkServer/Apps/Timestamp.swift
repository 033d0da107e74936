import Foundation

/// RFC 3339 times in the API, written as `2027-01-01T00:00:00Z`. Read strictly, as
/// `/openapi.json`'s `date-time` states them: Foundation's parser takes February 30 and
/// 24:00 (rolling them over) yet refuses an offset of +23:59, so the fields are read here.
enum Timestamp {
    static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
        guard let year = number(0, 4), byte(4) == UInt8(ascii: "-"), let month = number(5, 2), byte(7) == UInt8(ascii: "-"),
            let day = number(8, 2), byte(10) == UInt8(ascii: "T"), let hour = number(11, 2), byte(13) == UInt8(ascii: ":"),
            let minute = number(14, 2), byte(16) == UInt8(ascii: ":"), let second = number(17, 2)
        else { return nil }
        var index = 19
        var fraction = 0.0
        if byte(index) == UInt8(ascii: ".") {
            var digits = 0, scale = 0.1
            while let next = byte(index + 1 + digits), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next), digits < 9 {
                fraction += Double(next - UInt8(ascii: "0")) * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
            index += 1 + digits
        }
        var offset = 0
        switch byte(index) {
        case UInt8(ascii: "Z"): index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let hours = number(index + 1, 2), byte(index + 3) == UInt8(ascii: ":"), let minutes = number(index + 4, 2),
                hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (byte(index) == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        default: return nil
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard index == bytes.count, (1...12).contains(month), (1...days[month - 1]).contains(day), hour < 24, minute < 60, second <= 60 else {
            return nil
        }
        // Checked above, so the calendar has nothing to roll over; a leap second counts as the 59th.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59)))
        else {
            return nil
        }
        return date.addingTimeInterval(fraction - Double(offset))
    }
}
