import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore

/// The local days a numbers page or file covers: a quick range (`range=24h|7d|30d|90d`) or
/// `from`, `to` and `tz` of the query (the last 30 days in UTC by default), read as the
/// API's stats read them; and the period of the same length just before, to compare with.
struct DayRange: Sendable {
    /// The quick ranges: their query value, label and number of local days (24 h is
    /// yesterday and today, by hour).
    static let quick: [(value: String, label: String, days: Int64)] = [
        ("24h", "24 h", 2), ("7d", "7 days", 7), ("30d", "30 days", 30), ("90d", "90 days", 90),
    ]

    let window: StatsWindow
    let previous: StatsWindow
    /// The quick range asked for, if one was.
    let range: String?

    var from: String { window.from }
    var to: String { window.to }
    var tz: String { window.zoneName }

    init(_ request: Request, now: Date = .now) throws {
        let query = request.uri.queryParameters
        func value(_ name: Substring) -> String? { query[name].map(String.init).flatMap { $0.isEmpty ? nil : $0 } }
        do {
            if let asked = value("range") {
                guard let quick = Self.quick.first(where: { $0.value == asked }) else {
                    throw StatsWindow.Problem(parameter: "range", message: "'range' must be 24h, 7d, 30d or 90d")
                }
                let today = try StatsWindow(from: nil, to: nil, granularity: nil, tz: value("tz"), now: now)
                let last = CivilDay.daysSince1970(parsing: today.to) ?? 0
                window = try StatsWindow(
                    from: StatsWindow.text(day: last - quick.days + 1), to: today.to, granularity: quick.value == "24h" ? "hour" : nil,
                    tz: value("tz"), now: now)
                range = quick.value
            } else {
                window = try StatsWindow(from: value("from"), to: value("to"), granularity: nil, tz: value("tz"), now: now)
                range = nil
            }
            let first = CivilDay.daysSince1970(parsing: window.from) ?? 0
            let length = (CivilDay.daysSince1970(parsing: window.to) ?? first) - first + 1
            previous = try StatsWindow(
                from: StatsWindow.text(day: first - length), to: StatsWindow.text(day: first - 1), granularity: window.granularity.rawValue,
                tz: value("tz"), now: now)
        } catch let problem as StatsWindow.Problem {
            throw DashboardError.badRequest(problem.message)
        }
    }

    /// The same range in a link's query string.
    var query: String {
        "from=\(from)&to=\(to)" + (tz == "UTC" ? "" : "&tz=" + (tz.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "UTC"))
    }

    /// `page` with each quick range, in the same zone.
    func quickRanges(on page: String) -> [NumbersSection.RangeOption] {
        let zone = tz == "UTC" ? "" : "&tz=" + (tz.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "UTC")
        return Self.quick.map { quick in
            NumbersSection.RangeOption(label: quick.label, href: "\(page)?range=\(quick.value)\(zone)", current: quick.value == range)
        }
    }
}
