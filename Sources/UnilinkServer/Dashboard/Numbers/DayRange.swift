import Foundation
import Hummingbird

/// The days a numbers page or file covers: `from` and `to` of the query (the last 30 days
/// by default), at most two years apart.
struct DayRange: Sendable {
    let from: String
    let to: String

    init(_ request: Request) throws {
        let query = request.uri.queryParameters
        let to = query["to"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? DayText.string(.now)
        let from = query["from"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? DayText.string(Date.now.addingTimeInterval(-29 * 86_400))
        guard let start = DayText.date(from), let end = DayText.date(to) else { throw DashboardError.badRequest("Dates look like 2026-11-23.") }
        guard start <= end, end.timeIntervalSince(start) <= 731 * 86_400 else {
            throw DashboardError.badRequest("'from' must be before 'to', at most two years apart.")
        }
        self.from = from
        self.to = to
    }
}
