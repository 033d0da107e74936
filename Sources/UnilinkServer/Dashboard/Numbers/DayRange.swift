import Foundation
import Hummingbird
import UnilinkCore

/// The local days a numbers page or file covers: `from`, `to` and `tz` of the query (the
/// last 30 days in UTC by default), read as the API's stats read them.
struct DayRange: Sendable {
    let window: StatsWindow

    var from: String { window.from }
    var to: String { window.to }
    var tz: String { window.zoneName }

    init(_ request: Request) throws {
        let query = request.uri.queryParameters
        func value(_ name: Substring) -> String? { query[name].map(String.init).flatMap { $0.isEmpty ? nil : $0 } }
        do {
            window = try StatsWindow(from: value("from"), to: value("to"), granularity: nil, tz: value("tz"), now: .now)
        } catch {
            throw DashboardError.badRequest(error.message)
        }
    }

    /// The same range in a link's query string.
    var query: String {
        "from=\(from)&to=\(to)" + (tz == "UTC" ? "" : "&tz=" + (tz.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "UTC"))
    }
}
