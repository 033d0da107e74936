import Foundation
import UnilinkCore

/// The `Date` field's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 5.6.7),
/// remade when the second changes: Hummingbird's own date cache is internal to it.
struct HTTPDate {
    private var second = Int64.min
    private var text = ""

    mutating func now(_ date: Date = .now) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        if seconds != second {
            second = seconds
            text = Self.format(seconds)
        }
        return text
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map { Array($0.utf8) }
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map { Array($0.utf8) }

    static func format(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let ofDay = seconds - days * 86_400
        let civil = CivilDay(daysSince1970: days)
        return String(unsafeUninitializedCapacity: 29) { buffer in
            func copy(_ bytes: [UInt8], at start: Int) {
                for (offset, byte) in bytes.enumerated() { buffer[start + offset] = byte }
            }
            copy(weekdays[Int(civil.weekday)], at: 0)
            copy(Array(", ".utf8), at: 3)
            CivilDay.put(civil.day, into: buffer, at: 5, width: 2)
            buffer[7] = UInt8(ascii: " ")
            copy(months[Int(civil.month) - 1], at: 8)
            buffer[11] = UInt8(ascii: " ")
            CivilDay.put(civil.year, into: buffer, at: 12, width: 4)
            buffer[16] = UInt8(ascii: " ")
            CivilDay.put(ofDay / 3_600, into: buffer, at: 17, width: 2)
            buffer[19] = UInt8(ascii: ":")
            CivilDay.put(ofDay / 60 % 60, into: buffer, at: 20, width: 2)
            buffer[22] = UInt8(ascii: ":")
            CivilDay.put(ofDay % 60, into: buffer, at: 23, width: 2)
            copy(Array(" GMT".utf8), at: 25)
            return 29
        }
    }
}
