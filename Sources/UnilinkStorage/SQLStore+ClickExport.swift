import SQLKit

/// One raw click as an export writes it.
public struct ExportedClick: Sendable, Equatable {
    /// Milliseconds since 1970.
    public var time: Int64
    public var clickID: String
    public var linkID: String?
    public var host: String
    public var path: String
    public var platform: String
    public var outcome: String
    /// The app whose web view it came from; nil for a browser.
    public var source: String?
}

/// Which of an app's raw clicks an export keeps: nil keeps any.
public struct ClickFilter: Sendable, Equatable {
    public var linkID: String?
    public var platform: String?
    public var outcome: String?
    /// `browser` keeps clicks from no app's web view.
    public var source: String?

    public init(linkID: String? = nil, platform: String? = nil, outcome: String? = nil, source: String? = nil) {
        self.linkID = linkID
        self.platform = platform
        self.outcome = outcome
        self.source = source
    }
}

extension SQLStore {
    /// A page of an app's raw clicks in `[from, to)` (milliseconds), oldest first, after
    /// `after` (the last click of the previous page). Pages walk the index on (app,
    /// time, click id), so an export reads each click once, however many there are.
    public func clicks(
        appID: String, from: Int64, to: Int64, filter: ClickFilter, after: ExportedClick?, limit: Int
    ) async throws -> [ExportedClick] {
        var conditions: [SQLQueryString] = ["app_id = \(bind: appID)", "occurred_at < \(bind: to)"]
        if let after {
            conditions.append("occurred_at >= \(bind: after.time)")
            conditions.append("(occurred_at > \(bind: after.time) OR click_id > \(bind: after.clickID))")
        } else {
            conditions.append("occurred_at >= \(bind: from)")
        }
        if let link = filter.linkID { conditions.append("link_id = \(bind: link)") }
        if let platform = filter.platform { conditions.append("platform = \(bind: platform)") }
        if let outcome = filter.outcome { conditions.append("outcome = \(bind: outcome)") }
        if let source = filter.source { conditions.append(source == "browser" ? "in_app IS NULL" : "in_app = \(bind: source)") }
        return try await database.raw(
            """
            SELECT occurred_at, click_id, link_id, host, path, platform, outcome, in_app FROM clicks
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY occurred_at, click_id LIMIT \(bind: limit)
            """
        ).all().map { row in
            ExportedClick(
                time: try row.decode(column: "occurred_at", as: Int64.self), clickID: try row.decode(column: "click_id", as: String.self),
                linkID: try row.decode(column: "link_id", as: String?.self), host: try row.decode(column: "host", as: String.self),
                path: try row.decode(column: "path", as: String.self), platform: try row.decode(column: "platform", as: String.self),
                outcome: try row.decode(column: "outcome", as: String.self), source: try row.decode(column: "in_app", as: String?.self))
        }
    }
}
