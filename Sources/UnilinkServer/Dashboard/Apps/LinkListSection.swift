import Foundation
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// The links list on an app's page: search and filters, sortable columns, one keyset page
/// with each link's clicks, and the bulk actions on a selection.
struct LinkListSection: Sendable {
    struct Row: Sendable {
        let id: String
        let url: String
        let path: String
        let value: String?
        let tags: [String]
        let campaign: String
        let clicks7: String
        let clicks30: String
        let created: Moment
        /// `expired` or `archived`; nil for a live link.
        let state: String?
    }

    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct Column: Sendable {
        let label: String
        let href: String
        /// `ascending`/`descending` on the column the list is sorted by (for `aria-sort`).
        let sorted: String?
        let numeric: Bool
    }

    var rows: [Row]
    var query: String
    var tags: [Option]
    var campaigns: [Option]
    var states: [Option]
    var columns: [Column]
    /// The search or filters, when there were some (said when nothing matched).
    var filtered: Bool
    /// The address of the next page.
    var next: String?
    /// Whether the current filters show archived links (the bulk action then offers to restore).
    var showsArchived: Bool

    init(
        appID: String, listing: LinkListing, page: [ListedLink], shown: (Link) -> LinkBody,
        facets: (tags: [(tag: String, links: Int)], campaigns: [String]),
        next: String?, now: Date
    ) {
        rows = page.map { entry in
            let body = shown(entry.link)
            let campaign = [body.campaign?.channel, body.campaign?.campaign, body.campaign?.source].compactMap { $0 }.joined(separator: " · ")
            let state = entry.link.state(at: now)
            return Row(
                id: entry.link.id, url: body.shortURL ?? body.longURL ?? entry.link.id, path: body.path ?? "", value: body.deepLinkValue,
                tags: entry.link.tags ?? [], campaign: campaign, clicks7: Figures.grouped(entry.clicks7), clicks30: Figures.grouped(entry.clicks30),
                created: Moment(entry.link.createdAt, now: now), state: state == .live ? nil : state.rawValue)
        }
        query = listing.search
        tags =
            [Option(value: "", label: "All tags", selected: listing.tag == nil)]
            + facets.tags.map { Option(value: $0.tag, label: "\($0.tag) (\(Figures.grouped($0.links)))", selected: $0.tag == listing.tag) }
        campaigns =
            [Option(value: "", label: "All campaigns", selected: listing.campaign == nil)]
            + facets.campaigns.map { Option(value: $0, label: $0, selected: $0 == listing.campaign) }
        let stateLabels: [(LinkListing.States, String)] = [
            (.current, "Live and expired"), (.live, "Live"), (.expired, "Expired"), (.archived, "Archived"), (.all, "All"),
        ]
        states = stateLabels.map { Option(value: $0.0.rawValue, label: $0.1, selected: $0.0 == listing.states) }
        let headers: [(String, LinkListing.Order, Bool)] = [
            ("Link", .path, false), ("Campaign", .campaign, false), ("Clicks 7 d", .clicks7, true), ("Clicks 30 d", .clicks30, true),
            ("Created", .created, false),
        ]
        columns = headers.map { label, order, numeric in
            let current = listing.order == order
            // A second click on the sorted column turns it round; a first sorts figures and dates high to low.
            let descending = current ? !listing.descending : (numeric || order == .created)
            var again = listing
            again.order = order
            again.descending = descending
            return Column(
                label: label, href: Self.address(appID: appID, listing: again),
                sorted: current ? (listing.descending ? "descending" : "ascending") : nil, numeric: numeric)
        }
        filtered = !listing.search.isEmpty || listing.tag != nil || listing.campaign != nil || listing.states != .current
        self.next = next
        showsArchived = listing.states == .archived || listing.states == .all
    }

    /// The app page's address for `listing` (without a cursor).
    static func address(appID: String, listing: LinkListing, cursor: String? = nil) -> String {
        var items: [(String, String)] = []
        if !listing.search.isEmpty { items.append(("q", listing.search)) }
        if let tag = listing.tag { items.append(("tag", tag)) }
        if let campaign = listing.campaign { items.append(("campaign", campaign)) }
        if listing.states != .current { items.append(("state", listing.states.rawValue)) }
        if listing.order != .created || !listing.descending { items.append(("sort", (listing.descending ? "-" : "") + listing.order.rawValue)) }
        if let cursor { items.append(("cursor", cursor)) }
        let query = items.map { "\($0.0)=\(URLText.queryValue($0.1))" }.joined(separator: "&")
        return "/apps/\(appID)" + (query.isEmpty ? "" : "?" + query)
    }
}
