public import Foundation
import PostgresNIO
import SQLKit
import SQLiteKit
public import UnilinkCore

extension SQLStore {
    /// Signals of a click as stored: `accepted`, or why they were not.
    public enum SignalsResult: Sendable, Equatable {
        case accepted
        case unknownClick
        case alreadyReceived
        case tooLate
    }

    /// Multi-row inserts of up to `rowsPerInsert` rows. A click id appears once per
    /// statement (PostgreSQL refuses to update a row twice in one): the alternate host's
    /// continuation of a click in the same batch goes in the next statement, after it.
    func insert(pending clicks: [PendingClick], on database: any SQLDatabase) async throws {
        var start = 0
        while start < clicks.count {
            var seen = Set<String>()
            var end = start
            while end < clicks.count, end - start < Self.rowsPerInsert, seen.insert(clicks[end].clickID).inserted { end += 1 }
            let rows = clicks[start..<end]
            // On SQLite the values go to the connection itself, as the clicks' do; what a row
            // shares with the first (app, link, network, document) is bound once.
            if case .sqlite(let connection, _) = engine {
                var values = SQLiteRows(columns: 9, sharing: [1, 2, 5, 6, 7, 8], rows: rows.count)
                // Clicks from one kind of phone on one link have the same document: the first
                // row's is not written again, only compared (field by field, not as text).
                var first: (fields: PendingClickDocument.Stored, text: String)?
                for click in rows {
                    let fields = PendingClickDocument.Stored(click)
                    let document = if let first, first.fields == fields { first.text } else { PendingClickDocument.encode(click) }
                    if first == nil { first = (fields, document) }
                    values.append(.text(click.clickID))
                    values.append(.text(click.appID))
                    values.append(click.linkID.map(SQLiteData.text) ?? .null)
                    values.append(.integer(Int(Self.milliseconds(click.time))))
                    values.append(.integer(Int(Self.milliseconds(click.expiresAt))))
                    values.append(click.networkKey.map(SQLiteData.text) ?? .null)
                    values.append(click.prefixKey.map(SQLiteData.text) ?? .null)
                    values.append(.text(document))
                    values.append(Self.storeAt(click).map { .integer(Int($0)) } ?? .null)
                }
                _ = try await connection.query(Self.pendingInsert + values.text + Self.pendingConflict, values.binds)
            } else {
                let values = rows.map { click -> SQLQueryString in
                    """
                    (\(bind: click.clickID), \(bind: click.appID), \(bind: click.linkID), \(bind: Self.milliseconds(click.time)),
                     \(bind: Self.milliseconds(click.expiresAt)), \(bind: click.networkKey), \(bind: click.prefixKey), \(bind: PendingClickDocument.encode(click)),
                     \(bind: Self.storeAt(click)))
                    """
                }
                try await database.raw("\(unsafeRaw: Self.pendingInsert)\(values.joined(separator: ", "))\(unsafeRaw: Self.pendingConflict)").run()
            }
            start = end
        }
    }

    private static let pendingInsert =
        "INSERT INTO pending_clicks (click_id, app_id, link_id, created_at, expires_at, network_key, prefix_key, document, store_at) VALUES "
    private static let pendingConflict = """
         ON CONFLICT (click_id) DO UPDATE SET store_at = excluded.store_at
         WHERE pending_clicks.app_id = excluded.app_id AND pending_clicks.store_at IS NULL AND excluded.store_at IS NOT NULL
        """

    /// The alternate host continues a preview's click under the same id: keep the first,
    /// and note that it went on to the store.
    private static func storeAt(_ click: PendingClick) -> Int64? {
        click.reachedStore == true ? milliseconds(click.time) : nil
    }

    /// Adds the page's signals to a click, once, within `deadline` of the click.
    public func attach(signals: DeviceSignals, toClick clickID: String, now: Date, deadline: TimeInterval) async throws -> SignalsResult {
        // Unknown, repeated and late reports are answered from a read: a flood of made-up
        // click ids never takes the write lock the click recorder needs.
        let early = try await signalsState(clickID, on: database, now: now, deadline: deadline)
        guard early == .accepted else { return early }
        return try await transaction { database in
            let state = try await self.signalsState(clickID, on: database, now: now, deadline: deadline)
            guard state == .accepted else { return state }
            try await database.raw(
                """
                UPDATE pending_clicks SET screen_width = \(bind: signals.screenWidth), screen_height = \(bind: signals.screenHeight),
                  screen_scale = \(bind: signals.screenScale), time_zone = \(bind: signals.timeZone),
                  languages = \(bind: try JSONDocument.encode(signals.languages)), signals_at = \(bind: Self.milliseconds(now))
                WHERE click_id = \(bind: clickID)
                """
            ).run()
            return .accepted
        }
    }

    /// `.accepted` when the click may still take its signals.
    private func signalsState(_ clickID: String, on database: any SQLDatabase, now: Date, deadline: TimeInterval) async throws -> SignalsResult {
        guard
            let row = try await database.raw(
                """
                SELECT created_at, signals_at FROM pending_clicks WHERE click_id = \(bind: clickID)
                """
            ).first()
        else { return .unknownClick }
        if try row.decode(column: "signals_at", as: Int64?.self) != nil { return .alreadyReceived }
        let created = Self.date(try row.decode(column: "created_at", as: Int64.self))
        return now.timeIntervalSince(created) <= deadline ? .accepted : .tooLate
    }

    /// Adds the batch's clicks to their addresses' hourly crowds (`NetworkCrowd`), one row per
    /// app, address and system: the current hour's count, and the busiest hour of the last
    /// day. One statement per `rowsPerInsert` addresses, each once (PostgreSQL refuses to
    /// update a row twice in one); relayed clicks have no address and are not counted.
    static func countCrowds(_ clicks: [PendingClick], on database: any SQLDatabase) async throws {
        struct Key: Hashable {
            let appID, networkKey, os, prefixKey: String
            let hour: Int64
        }
        var counts: [Key: Int] = [:]
        var seen = Set<String>()
        for click in clicks where seen.insert(click.clickID).inserted {
            guard let networkKey = click.networkKey, let prefixKey = click.prefixKey else { continue }
            let key = Key(
                appID: click.appID, networkKey: networkKey, os: click.os.rawValue, prefixKey: prefixKey, hour: NetworkCrowd.hour(of: click.time))
            counts[key, default: 0] += 1
        }
        // One hour per address and batch: a batch that spans an hour's turn counts in the later one.
        var merged: [String: (key: Key, clicks: Int)] = [:]
        for (key, clicks) in counts {
            let id = "\(key.appID)\u{0}\(key.networkKey)\u{0}\(key.os)"
            let earlier = merged[id]
            merged[id] = (earlier.map { $0.key.hour >= key.hour ? $0.key : key } ?? key, (earlier?.clicks ?? 0) + clicks)
        }
        // One order on every instance: two batches upserting the same addresses wait for each
        // other instead of deadlocking.
        let rows = merged.sorted { $0.key < $1.key }.map(\.value)
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(rows.count, start + Self.rowsPerInsert)]
            let values = chunk.map { row -> SQLQueryString in
                """
                (\(bind: row.key.appID), \(bind: row.key.networkKey), \(bind: row.key.os), \(bind: row.key.prefixKey), \(bind: row.key.hour),
                 \(bind: row.clicks), \(bind: row.clicks), \(bind: row.key.hour))
                """
            }
            try await database.raw("\(unsafeRaw: Self.crowdInsert)\(values.joined(separator: ", "))\(unsafeRaw: Self.crowdConflict)").run()
            start += chunk.count
        }
    }

    private static let crowdInsert = "INSERT INTO network_crowds (app_id, network_key, os, prefix_key, hour, clicks, peak, peak_hour) VALUES "
    /// The stored hour goes on counting, or a later one starts; the peak is kept while it is
    /// within a day and no smaller than the current hour's count.
    private static let crowdConflict: String = {
        let hour = "CASE WHEN network_crowds.hour >= excluded.hour THEN network_crowds.hour ELSE excluded.hour END"
        let clicks = "CASE WHEN network_crowds.hour >= excluded.hour THEN network_crowds.clicks + excluded.clicks ELSE excluded.clicks END"
        let keepsPeak = "network_crowds.peak_hour > (\(hour)) - \(NetworkCrowd.memoryHours) AND network_crowds.peak >= (\(clicks))"
        return """
             ON CONFLICT (app_id, network_key, os) DO UPDATE SET hour = \(hour), clicks = \(clicks), prefix_key = excluded.prefix_key,
             peak = CASE WHEN \(keepsPeak) THEN network_crowds.peak ELSE \(clicks) END,
             peak_hour = CASE WHEN \(keepsPeak) THEN network_crowds.peak_hour ELSE \(hour) END
            """
    }()

    /// The busiest hour of the last day of each address of an app's network prefix, per
    /// system (`NetworkCrowd`); the 500 most recently counted of a crowded prefix.
    public func networkCrowds(appID: String, prefixKey: String, at now: Date) async throws -> [NetworkCrowd] {
        let oldest = NetworkCrowd.hour(of: now) - NetworkCrowd.memoryHours
        if case .postgres(let pool) = engine {
            return try await pool.withPostgresConnection { connection in
                let rows = try await connection.query(
                    """
                    SELECT network_key, os, hour, clicks, peak, peak_hour FROM network_crowds
                    WHERE app_id = \(appID) AND prefix_key = \(prefixKey) AND hour > \(oldest)
                    ORDER BY hour DESC LIMIT 500
                    """, logger: pool.logger)
                var crowds: [NetworkCrowd] = []
                for try await (key, os, hour, clicks, peak, peakHour) in rows.decode((String, String, Int64, Int, Int, Int64).self) {
                    guard let os = UserAgent.OS(rawValue: os) else { continue }
                    let busiest = NetworkCrowd.busiest(hour: hour, clicks: clicks, peak: peak, peakHour: peakHour, now: now)
                    crowds.append(NetworkCrowd(networkKey: key, prefixKey: prefixKey, os: os, clicks: busiest))
                }
                return crowds
            }
        }
        return try await database.raw(
            """
            SELECT network_key, os, hour, clicks, peak, peak_hour FROM network_crowds
            WHERE app_id = \(bind: appID) AND prefix_key = \(bind: prefixKey) AND hour > \(bind: oldest)
            ORDER BY hour DESC LIMIT 500
            """
        ).all().compactMap { row in
            guard let os = UserAgent.OS(rawValue: try row.decode(column: "os", as: String.self)) else { return nil }
            let clicks = NetworkCrowd.busiest(
                hour: try row.decode(column: "hour", as: Int64.self), clicks: try row.decode(column: "clicks", as: Int.self),
                peak: try row.decode(column: "peak", as: Int.self), peakHour: try row.decode(column: "peak_hour", as: Int64.self), now: now)
            return NetworkCrowd(networkKey: try row.decode(column: "network_key", as: String.self), prefixKey: prefixKey, os: os, clicks: clicks)
        }
    }

    /// Open, unconsumed clicks of an app on a network prefix (or a relay's country): the
    /// only rows a match reads, through an index, however many other clicks are pending; the
    /// newest 500 of a crowded pool (its crowd counts no more).
    public func pendingClicks(appID: String, prefixKey: String, at now: Date) async throws -> [PendingClick] {
        if case .postgres(let pool) = engine {
            let expiresAfter = Self.milliseconds(now)
            return try await pool.withPostgresConnection { connection in
                let rows = try await connection.query(
                    """
                    SELECT \(unescaped: Self.pendingColumns) FROM pending_clicks
                    WHERE app_id = \(appID) AND prefix_key = \(prefixKey) AND expires_at > \(expiresAfter) AND consumed_by IS NULL
                    ORDER BY expires_at DESC LIMIT 500
                    """, logger: pool.logger)
                var clicks: [PendingClick] = []
                for try await row in rows { clicks.append(try Self.pendingClick(PendingRow(row))) }
                return clicks
            }
        }
        return try await database.raw(
            """
            SELECT \(unsafeRaw: Self.pendingColumns) FROM pending_clicks
            WHERE app_id = \(bind: appID) AND prefix_key = \(bind: prefixKey) AND expires_at > \(bind: Self.milliseconds(now)) AND consumed_by IS NULL
            ORDER BY expires_at DESC LIMIT 500
            """
        ).all().map(Self.pendingClick)
    }

    public func pendingClick(id: String) async throws -> PendingClick? {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.pendingColumns) FROM pending_clicks WHERE click_id = \(bind: id)
            """
        ).first().map(Self.pendingClick)
    }

    /// Deletes clicks whose window closed; returns how many.
    @discardableResult
    public func purgePendingClicks(before now: Date) async throws -> Int {
        try await transaction { database in
            let cutoff = Self.milliseconds(now)
            let count =
                try await database.raw("SELECT COUNT(*) AS n FROM pending_clicks WHERE expires_at <= \(bind: cutoff)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            try await database.raw("DELETE FROM pending_clicks WHERE expires_at <= \(bind: cutoff)").run()
            let forgotten = NetworkCrowd.hour(of: now) - NetworkCrowd.memoryHours
            try await database.raw("DELETE FROM network_crowds WHERE hour <= \(bind: forgotten)").run()
            return count
        }
    }

    public func pendingClickCount() async throws -> Int {
        try await database.raw("SELECT COUNT(*) AS n FROM pending_clicks").first()?.decode(column: "n", as: Int.self) ?? 0
    }

    private static let pendingColumns = """
        click_id, app_id, link_id, created_at, expires_at, network_key, prefix_key, document,
        screen_width, screen_height, screen_scale, time_zone, languages, signals_at, store_at, consumed_by
        """

    /// A `pending_clicks` row as `pendingColumns` lists it, read by name through SQLKit or
    /// by position through PostgresNIO (about half the time a row on PostgreSQL, where a
    /// crowded network's launch reads 200 of them).
    private struct PendingRow {
        var clickID: String, appID: String, linkID: String?, createdAt: Int64, expiresAt: Int64, networkKey: String?
        var prefixKey: String?, document: String, screenWidth: Int?, screenHeight: Int?, screenScale: Double?
        var timeZone: String?, languages: String?, signalsAt: Int64?, storeAt: Int64?, consumedBy: String?

        init(_ row: any SQLRow) throws {
            clickID = try row.decode(column: "click_id", as: String.self)
            appID = try row.decode(column: "app_id", as: String.self)
            linkID = try row.decode(column: "link_id", as: String?.self)
            createdAt = try row.decode(column: "created_at", as: Int64.self)
            expiresAt = try row.decode(column: "expires_at", as: Int64.self)
            networkKey = try row.decode(column: "network_key", as: String?.self)
            prefixKey = try row.decode(column: "prefix_key", as: String?.self)
            document = try row.decode(column: "document", as: String.self)
            screenWidth = try row.decode(column: "screen_width", as: Int?.self)
            screenHeight = try row.decode(column: "screen_height", as: Int?.self)
            screenScale = try row.decode(column: "screen_scale", as: Double?.self)
            timeZone = try row.decode(column: "time_zone", as: String?.self)
            languages = try row.decode(column: "languages", as: String?.self)
            signalsAt = try row.decode(column: "signals_at", as: Int64?.self)
            storeAt = try row.decode(column: "store_at", as: Int64?.self)
            consumedBy = try row.decode(column: "consumed_by", as: String?.self)
        }

        init(_ row: PostgresRow) throws {
            (
                clickID, appID, linkID, createdAt, expiresAt, networkKey, prefixKey, document, screenWidth, screenHeight, screenScale,
                timeZone, languages, signalsAt, storeAt, consumedBy
            ) = try row.decode(
                (
                    String, String, String?, Int64, Int64, String?, String?, String, Int?, Int?, Double?, String?, String?, Int64?, Int64?,
                    String?
                ).self)
        }
    }

    private static func pendingClick(_ row: any SQLRow) throws -> PendingClick {
        try pendingClick(PendingRow(row))
    }

    private static func pendingClick(_ row: PendingRow) throws -> PendingClick {
        let stored = try PendingClickDocumentCache.shared.stored(row.document)
        var click = PendingClick(
            clickID: row.clickID, appID: row.appID, linkID: row.linkID, content: stored.content, time: date(row.createdAt),
            expiresAt: date(row.expiresAt), networkKey: row.networkKey, prefixKey: row.prefixKey, os: stored.os,
            osVersion: stored.osVersion, model: stored.model, acceptLanguages: stored.acceptLanguages, signals: stored.signals,
            safariVersion: stored.safariVersion, reachedStore: row.storeAt != nil, consumedBy: row.consumedBy,
            network: stored.network ?? .ipv4, relayRegion: stored.relayRegion
        )
        click.variant = stored.variant
        click.referredToPlay = stored.referredToPlay
        if row.signalsAt != nil {
            let languages = try row.languages.map { try JSONDocument.decode([String].self, from: $0) } ?? []
            click.signals = DeviceSignals(
                screenWidth: row.screenWidth, screenHeight: row.screenHeight, screenScale: row.screenScale, timeZone: row.timeZone,
                languages: languages)
        }
        return click
    }
}
