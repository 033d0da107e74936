import Foundation

/// A time as a page shows it: relative ("3 min ago") with the exact UTC time in the
/// `<time>` element, which the page's script turns into the reader's local time on hover.
struct Moment: Sendable, Equatable {
    /// RFC 3339 UTC, for `datetime` and exports.
    let iso: String
    let relative: String

    init(iso: String, relative: String) {
        self.iso = iso
        self.relative = relative
    }

    init(_ date: Date, now: Date = .now) {
        iso = Timestamp.format(date)
        relative = Self.relative(date, now: now)
    }

    /// Seconds are noise on a dashboard; past a week the date itself reads better.
    static func relative(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        let ahead = seconds < 0
        let span = abs(seconds)
        func said(_ value: Int, _ unit: String) -> String { ahead ? "in \(value) \(unit)" : "\(value) \(unit) ago" }
        switch span {
        case ..<45: return ahead ? "in a moment" : "just now"
        case ..<(60 * 60): return said(max(1, Int((span / 60).rounded())), "min")
        case ..<(24 * 60 * 60): return said(Int((span / 3600).rounded()), "h")
        case ..<(2 * 24 * 60 * 60): return ahead ? "tomorrow" : "yesterday"
        case ..<(8 * 24 * 60 * 60): return said(Int((span / 86_400).rounded()), "days")
        default:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(parts.month ?? 1) - 1]
            return "\(parts.day ?? 1) \(month) \(parts.year ?? 1970)"
        }
    }
}

/// Counts with thousands separators (`12,345`), the way the dashboard shows every figure.
enum Figures {
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index).isMultiple(of: 3) { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}
