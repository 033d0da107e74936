public import UnilinkCore

/// Clicks as recorded, and their numbers. `SQLStore` is one on SQLite and PostgreSQL.
public protocol ClickStore: Sendable {
    func insert(clicks: [ClickRecord], steppingAside: Bool) async throws
    func clickCounts(linkID: String, from: String, to: String) async throws -> [ClickCount]
    func clickCounts(appID: String, from: String, to: String) async throws -> [LinkClickCount]
    func appCounts(appID: String, hours: Range<Int64>) async throws -> AppHourlyCounts
    func linkCounts(linkID: String, hours: Range<Int64>, utcDays: Bool) async throws -> AppHourlyCounts
    func clickBreakdowns(appID: String, linkID: String?, days: Range<Int64>) async throws -> ClickBreakdowns
    func clicks(appID: String, from: Int64, to: Int64, filter: ClickFilter, after: ExportedClick?, limit: Int) async throws -> [ExportedClick]
    func recentClicks(linkID: String, limit: Int) async throws -> [RecentClick]
    func linkID(ofClick clickID: String, appID: String) async throws -> String?
}

extension SQLStore: ClickStore {}
