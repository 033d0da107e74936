public import Foundation
import SQLKit
import UnilinkCore

extension SQLStore {
    /// One page of an app's links as `listing` asks, with each link's clicks, and the cursor
    /// of the next page (nil on the last).
    public func links(appID: String, listing: LinkListing) async throws -> (rows: [ListedLink], next: LinkListing.Cursor?) {
        let today = Int64(listing.now.timeIntervalSince1970 / 86_400)
        let (week, month) = (today - 6, today - 29)
        let byClicks = listing.order == .clicks7 || listing.order == .clicks30
        var conditions: [SQLQueryString] = ["l.app_id = \(bind: appID)"]
        let now = Self.milliseconds(listing.now)
        switch listing.states {
        case .current: conditions.append("l.archived_at IS NULL")
        case .live: conditions.append("l.archived_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > \(bind: now))")
        case .expired: conditions.append("l.archived_at IS NULL AND l.expires_at <= \(bind: now)")
        case .archived: conditions.append("l.archived_at IS NOT NULL")
        case .all: break
        }
        if let tag = listing.tag {
            conditions.append("EXISTS (SELECT 1 FROM link_tags t WHERE t.app_id = l.app_id AND t.tag = \(bind: tag) AND t.link_id = l.id)")
        }
        if let campaign = listing.campaign { conditions.append("l.campaign = \(bind: campaign)") }
        if !listing.search.isEmpty {
            let escaped = listing.search.lowercased().replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_")
            let pattern = "%\(escaped)%"
            conditions.append(
                """
                (LOWER(COALESCE(l.path, '')) LIKE \(bind: pattern) ESCAPE '\\' OR LOWER(COALESCE(l.alias, '')) LIKE \(bind: pattern) ESCAPE '\\'
                 OR LOWER(l.code) LIKE \(bind: pattern) ESCAPE '\\' OR LOWER(l.document) LIKE \(bind: pattern) ESCAPE '\\')
                """)
        }
        let sort: SQLQueryString =
            switch listing.order {
            case .created: "l.id"
            case .path: "COALESCE(l.path, '')"
            case .campaign: "l.campaign"
            case .clicks7: "COALESCE(c.week, 0)"
            case .clicks30: "COALESCE(c.month, 0)"
            }
        let direction: SQLQueryString = listing.descending ? "DESC" : "ASC"
        let beyond: SQLQueryString = listing.descending ? "<" : ">"
        if let after = listing.after {
            switch listing.order {
            case .created:
                conditions.append("l.id \(beyond) \(bind: after.id)")
            case .clicks7, .clicks30:
                let value = Int64(after.value) ?? 0
                conditions.append("(\(sort) \(beyond) \(bind: value) OR (\(sort) = \(bind: value) AND l.id \(beyond) \(bind: after.id)))")
            case .path, .campaign:
                // The last link's own value; a link deleted since counts as the first value.
                let column: SQLQueryString = listing.order == .path ? "COALESCE(path, '')" : "campaign"
                let value: SQLQueryString = "COALESCE((SELECT \(column) FROM links WHERE id = \(bind: after.id) AND app_id = \(bind: appID)), '')"
                conditions.append("(\(sort) \(beyond) \(value) OR (\(sort) = \(value) AND l.id \(beyond) \(bind: after.id)))")
            }
        }
        // Only an order by clicks needs every link's clicks; otherwise the page's are read after.
        let clicks: SQLQueryString =
            byClicks
            ? """
            LEFT JOIN (SELECT link_id, CAST(SUM(CASE WHEN day >= \(bind: week) THEN n ELSE 0 END) AS BIGINT) AS week,
              CAST(SUM(n) AS BIGINT) AS month FROM link_days
              WHERE app_id = \(bind: appID) AND day >= \(bind: month) GROUP BY link_id) c ON c.link_id = l.id
            """ : ""
        let rows = try await database.raw(
            """
            SELECT l.id, l.document, \(sort) AS sort_value FROM links l \(clicks)
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY sort_value \(direction), l.id \(direction) LIMIT \(bind: listing.limit + 1)
            """
        ).all()
        var links: [(Link, String)] = []
        for row in rows.prefix(listing.limit) {
            let link = try JSONDocument.decode(Link.self, from: row.decode(column: "document", as: String.self))
            let value =
                byClicks ? String(try row.decode(column: "sort_value", as: Int64.self)) : try row.decode(column: "sort_value", as: String.self)
            links.append((link, value))
        }
        let counts = try await clickTotals(linkIDs: links.map(\.0.id), week: week, month: month)
        let listed = links.map { link, _ in
            ListedLink(link: link, clicks7: counts[link.id]?.week ?? 0, clicks30: counts[link.id]?.month ?? 0)
        }
        let next = rows.count > listing.limit ? links.last.map { LinkListing.Cursor(value: $0.1, id: $0.0.id) } : nil
        return (listed, next)
    }

    /// People's clicks of each link in the last 7 and 30 UTC days up to `now`.
    public func clickTotals(linkIDs: [String], now: Date) async throws -> [String: (week: Int, month: Int)] {
        let today = Int64(now.timeIntervalSince1970 / 86_400)
        return try await clickTotals(linkIDs: linkIDs, week: today - 6, month: today - 29)
    }

    /// People's clicks of each link from day `week` and from day `month` (UTC day numbers) on.
    func clickTotals(linkIDs: [String], week: Int64, month: Int64) async throws -> [String: (week: Int, month: Int)] {
        guard !linkIDs.isEmpty else { return [:] }
        var totals: [String: (week: Int, month: Int)] = [:]
        for start in stride(from: 0, to: linkIDs.count, by: 500) {
            let chunk = Array(linkIDs[start..<min(start + 500, linkIDs.count)])
            for row in try await database.raw(
                """
                SELECT link_id, CAST(SUM(CASE WHEN day >= \(bind: week) THEN n ELSE 0 END) AS BIGINT) AS week, CAST(SUM(n) AS BIGINT) AS month
                FROM link_days WHERE link_id IN (\(binds: chunk)) AND day >= \(bind: month) GROUP BY link_id
                """
            ).all() {
                totals[try row.decode(column: "link_id", as: String.self)] = (
                    Int(try row.decode(column: "week", as: Int64.self)), Int(try row.decode(column: "month", as: Int64.self))
                )
            }
        }
        return totals
    }

    /// The tags an app's links carry (with how many links each) and its campaigns, for the
    /// list's filters; at most `limit` of each.
    public func linkFacets(appID: String, limit: Int = 200) async throws -> (tags: [(tag: String, links: Int)], campaigns: [String]) {
        let tags = try await database.raw(
            """
            SELECT tag, COUNT(*) AS n FROM link_tags WHERE app_id = \(bind: appID) GROUP BY tag ORDER BY tag LIMIT \(bind: limit)
            """
        ).all().map { (try $0.decode(column: "tag", as: String.self), Int(try $0.decode(column: "n", as: Int64.self))) }
        let campaigns = try await database.raw(
            """
            SELECT DISTINCT campaign FROM links WHERE app_id = \(bind: appID) AND campaign <> '' ORDER BY campaign LIMIT \(bind: limit)
            """
        ).all().map { try $0.decode(column: "campaign", as: String.self) }
        return (tags, campaigns)
    }
}
