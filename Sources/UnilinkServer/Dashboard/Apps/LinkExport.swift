import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// The selected links as a CSV file, and what a bulk action tells when it is done.
enum LinkExport {
    static let header = [
        "id", "short_url", "long_url", "alias", "path", "deep_link_value", "tags", "channel", "campaign", "feature", "source", "medium",
        "web_url", "ios_url", "android_url", "desktop_url", "state", "expires_at", "created_at", "clicks_7d", "clicks_30d",
    ]

    /// Refused as a whole (nothing sent) when one id is not a link of `app`.
    static func csv(ids: [String], app: App, store: any LinkStore, shown: (Link) -> LinkBody) async throws -> Response {
        guard !ids.isEmpty, ids.count <= LinkBulkAction.maxLinks else {
            throw DashboardError.badRequest("Select 1 to \(LinkBulkAction.maxLinks) links to export.")
        }
        let found = Dictionary(try await store.links(ids: ids).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Date.now
        var rows: [[String]] = []
        var seen = Set<String>()
        var links: [Link] = []
        for id in ids where seen.insert(id).inserted {
            guard let link = found[id], link.appID == app.id else { throw DashboardError.badRequest("'\(id.prefix(64))' is not a link of this app.") }
            links.append(link)
        }
        let clicks = try await store.clickTotals(linkIDs: links.map(\.id), now: now)
        for link in links {
            let body = shown(link)
            let campaign = body.campaign
            rows.append([
                link.id, body.shortURL ?? "", body.longURL ?? "", body.alias ?? "", body.path ?? "", body.deepLinkValue ?? "",
                (link.tags ?? []).joined(separator: ", "), campaign?.channel ?? "", campaign?.campaign ?? "", campaign?.feature ?? "",
                campaign?.source ?? "", campaign?.medium ?? "", body.webURL ?? "", body.iosURL ?? "", body.androidURL ?? "", body.desktopURL ?? "",
                link.state(at: now).rawValue, body.expiresAt ?? "", body.createdAt ?? "", String(clicks[link.id]?.week ?? 0),
                String(clicks[link.id]?.month ?? 0),
            ])
        }
        return CSVFile.response(header: header, rows: rows, name: "\(app.id)-links.csv")
    }

    static func notice(for action: LinkBulkAction, count: Int) -> String {
        let links = count == 1 ? "1 link" : "\(Figures.grouped(count)) links"
        switch action {
        case .archive: return "Archived \(links). They keep working; choose the state Archived to see them."
        case .unarchive: return "Restored \(links) from the archive."
        case .addTags: return "Tagged \(links)."
        case .removeTags: return "Removed the tags from \(links)."
        case .setCampaign: return "Set the campaign of \(links)."
        case .delete: return "Deleted \(links)."
        }
    }
}
