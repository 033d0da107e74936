import Foundation
import SQLKit
import UnilinkAPI
public import UnilinkCore

extension SQLStore {
    /// Stores new links all together or none: a taken alias or code fails the whole batch.
    /// One look-up for the codes, one for the aliases and multi-row inserts, whatever the batch
    /// size (a round trip per link made PostgreSQL five times slower than SQLite here). On SQLite
    /// the writer gate makes check-then-insert safe; on PostgreSQL a racing insert that slips
    /// between them hits the unique constraints, which surface as the same errors.
    public func insert(links: [Link], audit: [AuditEntry], webhooks: [WebhookEvent] = []) async throws {
        guard !links.isEmpty else { return }
        if let code = Self.firstRepeated(links.map(\.code)) { throw StoreError.codeTaken(code) }
        for aliased in Dictionary(grouping: links, by: \.appID).values {
            if let alias = Self.firstRepeated(aliased.compactMap(\.alias)) { throw StoreError.aliasTaken(alias) }
        }
        try await transaction { database in
            for chunk in Self.chunks(of: links) {
                if let taken = try await database.raw(
                    """
                    SELECT code FROM links WHERE code IN (\(binds: chunk.map(\.code)))
                    """
                ).first() {
                    throw StoreError.codeTaken(try taken.decode(column: "code", as: String.self))
                }
                for (appID, aliased) in Dictionary(grouping: chunk.filter { $0.alias != nil }, by: \.appID) {
                    if let taken = try await database.raw(
                        """
                        SELECT alias FROM links WHERE app_id = \(bind: appID) AND alias IN (\(binds: aliased.compactMap(\.alias)))
                        """
                    ).first() {
                        throw StoreError.aliasTaken(try taken.decode(column: "alias", as: String.self))
                    }
                }
                let rows = try chunk.map { link -> SQLQueryString in
                    """
                    (\(bind: link.id), \(bind: link.appID), \(bind: link.code), \(bind: link.alias), \(bind: link.content.path),
                     \(bind: try JSONDocument.encode(link)), \(bind: link.expiresAt.map(Self.milliseconds)),
                     \(bind: Self.milliseconds(link.createdAt)), \(bind: Self.milliseconds(link.updatedAt)),
                     \(bind: link.archivedAt.map(Self.milliseconds)), \(bind: link.content.campaign?.campaign ?? ""))
                    """
                }
                try await database.raw(
                    """
                    INSERT INTO links (id, app_id, code, alias, path, document, expires_at, created_at, updated_at, archived_at, campaign)
                    VALUES \(rows.joined(separator: ", "))
                    """
                ).run()
                try await Self.insertTags(of: Array(chunk), on: database)
            }
            try await Self.append(audit, on: database)
            try await Self.enqueue(webhooks, on: database)
        }
    }

    private static func chunks(of links: [Link]) -> [ArraySlice<Link>] {
        stride(from: 0, to: links.count, by: rowsPerInsert).map { links[$0..<min($0 + rowsPerInsert, links.count)] }
    }

    private static func firstRepeated(_ values: [String]) -> String? {
        var seen = Set<String>()
        return values.first { !seen.insert($0).inserted }
    }

    public func update(link: Link, audit: [AuditEntry], webhooks: [WebhookEvent] = []) async throws {
        try await update(links: [link], audit: audit, webhooks: webhooks)
    }

    /// Changes several links of one app together or not at all (the dashboard's bulk actions).
    public func update(links: [Link], audit: [AuditEntry], webhooks: [WebhookEvent] = []) async throws {
        guard !links.isEmpty else { return }
        try await transaction { database in
            for link in links {
                if let alias = link.alias,
                    try await database.raw(
                        "SELECT id FROM links WHERE app_id = \(bind: link.appID) AND alias = \(bind: alias) AND id <> \(bind: link.id)"
                    ).first() != nil
                {
                    throw StoreError.aliasTaken(alias)
                }
                try await database.raw(
                    """
                    UPDATE links SET alias = \(bind: link.alias), path = \(bind: link.content.path), document = \(bind: try JSONDocument.encode(link)),
                      expires_at = \(bind: link.expiresAt.map(Self.milliseconds)), updated_at = \(bind: Self.milliseconds(link.updatedAt)),
                      archived_at = \(bind: link.archivedAt.map(Self.milliseconds)), campaign = \(bind: link.content.campaign?.campaign ?? "")
                    WHERE id = \(bind: link.id)
                    """
                ).run()
            }
            for chunk in Self.chunks(of: links) {
                try await database.raw("DELETE FROM link_tags WHERE link_id IN (\(binds: chunk.map(\.id)))").run()
                try await Self.insertTags(of: Array(chunk), on: database)
            }
            try await Self.append(audit, on: database)
            try await Self.enqueue(webhooks, on: database)
        }
    }

    private static func insertTags(of links: [Link], on database: any SQLDatabase) async throws {
        let rows = links.flatMap { link in
            (link.tags ?? []).map { tag -> SQLQueryString in "(\(bind: link.appID), \(bind: tag), \(bind: link.id))" }
        }
        guard !rows.isEmpty else { return }
        for start in stride(from: 0, to: rows.count, by: rowsPerInsert) {
            let part = rows[start..<min(start + rowsPerInsert, rows.count)]
            try await database.raw("INSERT INTO link_tags (app_id, tag, link_id) VALUES \(part.joined(separator: ", "))").run()
        }
    }

    public func deleteLink(id: String, audit: [AuditEntry], webhooks: [WebhookEvent] = []) async throws {
        try await deleteLinks(ids: [id], audit: audit, webhooks: webhooks)
    }

    public func deleteLinks(ids: [String], audit: [AuditEntry], webhooks: [WebhookEvent] = []) async throws {
        try await transaction { database in
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                try await database.raw("DELETE FROM links WHERE id IN (\(binds: chunk))").run()
                try await database.raw("DELETE FROM link_tags WHERE link_id IN (\(binds: chunk))").run()
            }
            try await Self.append(audit, on: database)
            try await Self.enqueue(webhooks, on: database)
        }
    }

    public func link(id: String) async throws -> Link? {
        try await decodeLink(database.raw("SELECT document FROM links WHERE id = \(bind: id)").first())
    }

    public func link(code: String) async throws -> Link? {
        try await decodeLink(database.raw("SELECT document FROM links WHERE code = \(bind: code)").first())
    }

    public func link(appID: String, alias: String) async throws -> Link? {
        try await decodeLink(database.raw("SELECT document FROM links WHERE app_id = \(bind: appID) AND alias = \(bind: alias)").first())
    }

    /// The links of `ids` that exist, in one query per 500 ids (a page of numbers names up
    /// to 500 links: one round trip each was most of its time on PostgreSQL).
    public func links(ids: [String]) async throws -> [Link] {
        var found: [Link] = []
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(start + 500, ids.count)].map { id -> SQLQueryString in "\(bind: id)" }
            for row in try await database.raw("SELECT document FROM links WHERE id IN (\(chunk.joined(separator: ", ")))").all() {
                if let link = try decodeLink(row) { found.append(link) }
            }
        }
        return found
    }

    /// Newest first; link ids sort by creation time, so the last id of a page is the cursor.
    public func links(appID: String, before cursor: String?, limit: Int) async throws -> [Link] {
        let rows =
            if let cursor {
                try await database.raw(
                    """
                    SELECT document FROM links WHERE app_id = \(bind: appID) AND id < \(bind: cursor) ORDER BY id DESC LIMIT \(bind: limit)
                    """
                ).all()
            } else {
                try await database.raw("SELECT document FROM links WHERE app_id = \(bind: appID) ORDER BY id DESC LIMIT \(bind: limit)").all()
            }
        return try rows.compactMap { try decodeLink($0) }
    }

    private func decodeLink(_ row: (any SQLRow)?) throws -> Link? {
        guard let row else { return nil }
        return try JSONDocument.decode(Link.self, from: row.decode(column: "document", as: String.self))
    }
}
