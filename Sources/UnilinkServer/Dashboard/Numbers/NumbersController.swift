import Foundation
import Hummingbird
import NIOCore
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// An app's numbers page and the CSV files of an app's and a link's clicks, over a range
/// of days.
struct NumbersController {
    let store: any LinkStore & ClickStore & EventStore
    let directory: HostDirectory
    let pages: DashboardPages

    func register(on group: RouterGroup<SignedInContext>) {
        group.get("/apps/{id}/numbers", use: appNumbers)
        group.get("/apps/{id}/numbers.csv", use: appNumbersCSV)
        group.get("/links/{id}/numbers.csv", use: linkNumbersCSV)
    }

    @Sendable func appNumbers(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let app = try session.app(try context.parameters.require("id"), in: directory)
        let range = try Self.range(request)
        let counts = try await store.clickCounts(appID: app.id, from: range.from, to: range.to)
        let events = try await store.eventCounts(appID: app.id, from: range.from, to: range.to)
        let groups = try await campaignGroups(counts)
        var values: [String: Any] = ["title": "Numbers of \(app.name)", "app_id": app.id, "app_name": app.name]
        values.merge(Self.numbers(counts.map(\.count), events: events, range: range, csv: "/apps/\(app.id)/numbers.csv", groups: groups)) { $1 }
        return pages.render("numbers", values, session: session)
    }

    @Sendable func appNumbersCSV(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let app = try session.app(try context.parameters.require("id"), in: directory)
        let range = try Self.range(request)
        let counts = try await store.clickCounts(appID: app.id, from: range.from, to: range.to)
        let rows = counts.map { [$0.count.day, $0.linkID ?? "", $0.count.platform, $0.count.outcome, String($0.count.count)] }
        return Self.csv(header: ["day", "link_id", "platform", "outcome", "clicks"], rows: rows, name: "\(app.id)-clicks.csv")
    }

    @Sendable func linkNumbersCSV(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let (link, _) = try await session.link(try context.parameters.require("id"), store: store, directory: directory)
        let range = try Self.range(request)
        let counts = try await store.clickCounts(linkID: link.id, from: range.from, to: range.to)
        return Self.csv(header: ["day", "platform", "outcome", "clicks"], rows: counts.map { [$0.day, $0.platform, $0.outcome, String($0.count)] },
                        name: "\(link.id)-clicks.csv")
    }

    /// Clicks by channel, campaign and source of the links clicked (the 500 most clicked
    /// links are looked up; the rest count as "other links").
    private func campaignGroups(_ counts: [LinkClickCount]) async throws -> [[String: Any]] {
        var perLink: [String: Int] = [:]
        for count in counts { perLink[count.linkID ?? "", default: 0] += count.count.count }
        var channel: [String: Int] = [:], campaign: [String: Int] = [:], source: [String: Int] = [:]
        for (index, entry) in perLink.sorted(by: { $0.value > $1.value }).enumerated() {
            var values = ("other links", "other links", "other links")
            if entry.key.isEmpty {
                values = ("ad-hoc long links", "ad-hoc long links", "ad-hoc long links")
            } else if index < 500, let link = try await store.link(id: entry.key) {
                let fields = link.content.campaign
                values = (fields?.channel ?? "(none)", fields?.campaign ?? "(none)", fields?.source ?? "(none)")
            }
            channel[values.0, default: 0] += entry.value
            campaign[values.1, default: 0] += entry.value
            source[values.2, default: 0] += entry.value
        }
        return [("channel", channel), ("campaign", campaign), ("source", source)].map { name, table in
            ["name": name, "rows": Self.rows(table)]
        }
    }

    static func numbers(_ counts: [ClickCount], events: [String: Int], range: (from: String, to: String), csv: String,
                        groups: [[String: Any]]) -> [String: Any] {
        let report = LinkStatsReport(counts: counts, events: events)
        let query = "from=\(range.from)&to=\(range.to)"
        return [
            "from": range.from, "to": range.to, "csv_url": "\(csv)?\(query)", "clicks": report.clicks,
            "installs": report.installs, "opens": report.opens,
            "chart": ClickChart.svg(days: ClickChart.filled(report.byDay, from: range.from, to: range.to)),
            "platforms": rows(report.byPlatform), "outcomes": rows(report.byOutcome), "groups": groups,
        ]
    }

    private static func rows(_ table: [String: Int]) -> [[String: Any]] {
        LinkStatsReport.ranked(table).map { ["name": $0.name, "count": $0.count] }
    }

    /// `from`/`to` as days (the last 30 days by default), at most two years apart.
    static func range(_ request: Request) throws -> (from: String, to: String) {
        let query = request.uri.queryParameters
        let to = query["to"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? DayText.string(.now)
        let from = query["from"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? DayText.string(Date.now.addingTimeInterval(-29 * 86_400))
        guard let start = DayText.date(from), let end = DayText.date(to) else { throw DashboardError.badRequest("Dates look like 2026-11-23.") }
        guard start <= end, end.timeIntervalSince(start) <= 731 * 86_400 else {
            throw DashboardError.badRequest("'from' must be before 'to', at most two years apart.")
        }
        return (from, to)
    }

    static func csv(header: [String], rows: [[String]], name: String) -> Response {
        func field(_ text: String) -> String {
            // A leading = + - @ would be a formula in a spreadsheet.
            let safe = text.first.map { "=+-@".contains($0) } == true ? "'" + text : text
            return safe.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : safe
        }
        let text = ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        return Response(status: .ok, headers: [
            .contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
        ], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
