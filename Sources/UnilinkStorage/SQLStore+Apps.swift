public import Foundation
import SQLKit
public import UnilinkCore

extension SQLStore {
    /// Stores a new app, its hosts and keys; a host another app owns fails the whole call.
    public func insert(app: App, keys: [AppKey], audit: [AuditEntry]) async throws {
        try await transaction { database in
            try await Self.claim(hosts: app.domains, for: app.id, on: database)
            let now = Self.milliseconds(.now)
            try await database.raw(
                """
                INSERT INTO apps (id, document, created_at, updated_at)
                VALUES (\(bind: app.id), \(bind: try JSONDocument.encode(app)), \(bind: now), \(bind: now))
                """
            ).run()
            for key in keys {
                try await database.raw(
                    """
                    INSERT INTO app_keys (key_hash, app_id, kind, publishable, created_at)
                    VALUES (\(bind: key.hash), \(bind: key.appID), \(bind: key.kind.rawValue), \(bind: key.publishable), \(bind: now))
                    """
                ).run()
            }
            try await Self.append(audit, on: database)
        }
    }

    /// Replaces an app's document and hosts.
    public func update(app: App, audit: [AuditEntry]) async throws {
        try await transaction { database in
            try await database.raw("DELETE FROM domains WHERE app_id = \(bind: app.id)").run()
            try await Self.claim(hosts: app.domains, for: app.id, on: database)
            try await database.raw(
                """
                UPDATE apps SET document = \(bind: try JSONDocument.encode(app)), updated_at = \(bind: Self.milliseconds(.now))
                WHERE id = \(bind: app.id)
                """
            ).run()
            try await Self.append(audit, on: database)
        }
    }

    public func apps() async throws -> [App] {
        try await database.raw("SELECT document FROM apps ORDER BY created_at, id").all().map {
            try JSONDocument.decode(App.self, from: $0.decode(column: "document", as: String.self))
        }
    }

    /// Every key still valid at `now`.
    public func keys(at now: Date = .now) async throws -> [AppKey] {
        try await database.raw(
            """
            SELECT key_hash, app_id, kind, publishable, expires_at FROM app_keys
            WHERE expires_at IS NULL OR expires_at > \(bind: Self.milliseconds(now))
            """
        ).all().map { row in
            AppKey(
                hash: try row.decode(column: "key_hash", as: String.self),
                appID: try row.decode(column: "app_id", as: String.self),
                kind: AppKey.Kind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .secret,
                publishable: try row.decode(column: "publishable", as: String?.self),
                expiresAt: try row.decode(column: "expires_at", as: Int64?.self).map(Self.date)
            )
        }
    }

    /// Replaces an app's current key of `new.kind` by `new`; the old one keeps working
    /// until `graceUntil` (at once when that is now). Keys whose grace is over are deleted.
    public func rotate(to new: AppKey, graceUntil: Date, now: Date, audit: [AuditEntry]) async throws {
        try await transaction { database in
            try await database.raw(
                """
                DELETE FROM app_keys WHERE app_id = \(bind: new.appID) AND expires_at IS NOT NULL AND expires_at <= \(bind: Self.milliseconds(now))
                """
            ).run()
            try await database.raw(
                """
                UPDATE app_keys SET expires_at = \(bind: Self.milliseconds(graceUntil))
                WHERE app_id = \(bind: new.appID) AND kind = \(bind: new.kind.rawValue) AND (expires_at IS NULL OR expires_at > \(bind: Self.milliseconds(graceUntil)))
                """
            ).run()
            try await database.raw(
                """
                INSERT INTO app_keys (key_hash, app_id, kind, publishable, created_at)
                VALUES (\(bind: new.hash), \(bind: new.appID), \(bind: new.kind.rawValue), \(bind: new.publishable), \(bind: Self.milliseconds(now)))
                """
            ).run()
            try await Self.append(audit, on: database)
        }
    }

    private static func claim(hosts: [App.Domain], for appID: String, on database: any SQLDatabase) async throws {
        for domain in hosts {
            let owner = try await database.raw("SELECT app_id FROM domains WHERE host = \(bind: domain.host)").first()
            if owner != nil { throw StoreError.hostTaken(domain.host) }
            try await database.raw(
                """
                INSERT INTO domains (host, app_id, role) VALUES (\(bind: domain.host), \(bind: appID), \(bind: domain.role.rawValue))
                """
            ).run()
        }
    }
}
