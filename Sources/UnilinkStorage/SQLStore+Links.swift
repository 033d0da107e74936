import Foundation
public import UnilinkCore
import SQLKit

extension SQLStore {
    /// Stores new links all together or none: a taken alias or code fails the whole batch.
    /// Writers are serialised, so these checks cannot race another insert.
    public func insert(links: [Link]) async throws {
        try await transaction { database in
            for link in links {
                if try await database.raw("SELECT id FROM links WHERE code = \(bind: link.code)").first() != nil {
                    throw StoreError.codeTaken(link.code)
                }
                if let alias = link.alias,
                   try await database.raw("SELECT id FROM links WHERE app_id = \(bind: link.appID) AND alias = \(bind: alias)").first() != nil {
                    throw StoreError.aliasTaken(alias)
                }
                try await database.raw("""
                    INSERT INTO links (id, app_id, code, alias, path, document, expires_at, created_at, updated_at)
                    VALUES (\(bind: link.id), \(bind: link.appID), \(bind: link.code), \(bind: link.alias), \(bind: link.content.path),
                            \(bind: try JSONDocument.encode(link)), \(bind: link.expiresAt.map(Self.milliseconds)),
                            \(bind: Self.milliseconds(link.createdAt)), \(bind: Self.milliseconds(link.updatedAt)))
                    """).run()
            }
        }
    }

    public func update(link: Link) async throws {
        try await transaction { database in
            if let alias = link.alias,
               try await database.raw("SELECT id FROM links WHERE app_id = \(bind: link.appID) AND alias = \(bind: alias) AND id <> \(bind: link.id)").first() != nil {
                throw StoreError.aliasTaken(alias)
            }
            try await database.raw("""
                UPDATE links SET alias = \(bind: link.alias), path = \(bind: link.content.path), document = \(bind: try JSONDocument.encode(link)),
                  expires_at = \(bind: link.expiresAt.map(Self.milliseconds)), updated_at = \(bind: Self.milliseconds(link.updatedAt))
                WHERE id = \(bind: link.id)
                """).run()
        }
    }

    public func deleteLink(id: String) async throws {
        try await transaction { database in
            try await database.raw("DELETE FROM links WHERE id = \(bind: id)").run()
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

    /// Newest first; link ids sort by creation time, so the last id of a page is the cursor.
    public func links(appID: String, before cursor: String?, limit: Int) async throws -> [Link] {
        let rows = if let cursor {
            try await database.raw("""
                SELECT document FROM links WHERE app_id = \(bind: appID) AND id < \(bind: cursor) ORDER BY id DESC LIMIT \(bind: limit)
                """).all()
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
