import Foundation
import Hummingbird
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
        group.get("/apps/{id}/clicks.csv", use: rawClicksCSV)
    }

    @Sendable func appNumbers(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try context.session.app(try context.parameters.require("id"), .statsRead, in: directory)
        let range = try DayRange(request)
        let counts = try await store.appCounts(appID: app.id, hours: range.window.hours)
        let before = try await store.appCounts(appID: app.id, hours: range.previous.hours)
        let (groups, top) = try await campaignGroups(counts.clicksByLink)
        let numbers = NumbersSection(
            AppStatsReport.make(appID: app.id, window: range.window, counts: counts),
            previous: AppStatsReport.make(appID: app.id, window: range.previous, counts: before), range: range, page: "/apps/\(app.id)/numbers",
            csv: "/apps/\(app.id)/numbers.csv", groups: groups, topLinks: top)
        return pages.render(NumbersPage(appID: app.id, appName: app.name, numbers: numbers), session: context.session)
    }

    @Sendable func appNumbersCSV(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try context.session.app(try context.parameters.require("id"), .statsRead, in: directory)
        let range = try DayRange(request)
        let counts = try await store.clickCounts(appID: app.id, from: range.from, to: range.to)
        let rows = counts.map { [$0.count.day, $0.linkID ?? "", $0.count.platform, $0.count.outcome, String($0.count.count)] }
        return CSVFile.response(header: ["day", "link_id", "platform", "outcome", "clicks"], rows: rows, name: "\(app.id)-clicks.csv")
    }

    @Sendable func linkNumbersCSV(_ request: Request, context: SignedInContext) async throws -> Response {
        let (link, _) = try await context.session.link(try context.parameters.require("id"), .statsRead, store: store, directory: directory)
        let range = try DayRange(request)
        let counts = try await store.clickCounts(linkID: link.id, from: range.from, to: range.to)
        return CSVFile.response(
            header: ["day", "platform", "outcome", "clicks"], rows: counts.map { [$0.day, $0.platform, $0.outcome, String($0.count)] },
            name: "\(link.id)-clicks.csv")
    }

    /// The app's raw clicks (of one link with `link_id`), streamed as the API streams them.
    @Sendable func rawClicksCSV(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try context.session.app(try context.parameters.require("id"), .statsRead, in: directory)
        do {
            let export = try ClickExport(store: store, appID: app.id, query: ClickExportController.query(request))
            return CSVFile.streamed(export, name: export.fileName)
        } catch {
            throw DashboardError.badRequest(error.message)
        }
    }

    /// Clicks by channel, campaign and source of the links clicked (the 500 most clicked
    /// links are looked up; the rest count as "other links"), and the ten most clicked links.
    private func campaignGroups(_ perLink: [String: Int]) async throws -> ([NumbersSection.Group], [NumbersSection.TopLink]) {
        var channel: [String: Int] = [:], campaign: [String: Int] = [:], source: [String: Int] = [:]
        let ranked = perLink.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let named = Dictionary(
            try await store.links(ids: ranked.prefix(500).map(\.key).filter { !$0.isEmpty }).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        for entry in ranked {
            var values = ("other links", "other links", "other links")
            if entry.key.isEmpty {
                values = ("ad-hoc long links", "ad-hoc long links", "ad-hoc long links")
            } else if let link = named[entry.key] {
                let fields = link.content.campaign
                values = (fields?.channel ?? "(none)", fields?.campaign ?? "(none)", fields?.source ?? "(none)")
            }
            channel[values.0, default: 0] += entry.value
            campaign[values.1, default: 0] += entry.value
            source[values.2, default: 0] += entry.value
        }
        let groups = [("channel", channel), ("campaign", campaign), ("source", source)].map { name, table in
            NumbersSection.Group(name: name, rows: NumbersSection.ranked(table))
        }
        let top = ranked.prefix(10).map { entry in
            guard let link = named[entry.key] else {
                return NumbersSection.TopLink(
                    name: entry.key.isEmpty ? "ad-hoc long links" : "a deleted link", href: "", count: Figures.grouped(entry.value))
            }
            let name = link.alias ?? link.content.path ?? link.code
            return NumbersSection.TopLink(name: name, href: "/links/\(link.id)", count: Figures.grouped(entry.value))
        }
        return (groups, top)
    }
}
