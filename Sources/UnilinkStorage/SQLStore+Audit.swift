public import Foundation
import SQLKit
public import UnilinkCore

/// Which audit entries a page keeps: nil keeps any.
public struct AuditFilter: Sendable, Equatable {
    public var appID: String?
    public var objectID: String?
    public var actorKind: String?
    /// The person: their own changes and their tokens'.
    public var userID: String?
    public var action: String?
    public var from: Date?
    public var to: Date?

    public init(
        appID: String? = nil, objectID: String? = nil, actorKind: String? = nil, userID: String? = nil, action: String? = nil, from: Date? = nil,
        to: Date? = nil
    ) {
        self.appID = appID
        self.objectID = objectID
        self.actorKind = actorKind
        self.userID = userID
        self.action = action
        self.from = from
        self.to = to
    }
}

/// The audit log: appended in the transaction of the change it records, read newest first,
/// deleted only by retention. Nothing updates it.
extension SQLStore {
    static func append(_ entries: [AuditEntry], on database: any SQLDatabase) async throws {
        for entry in entries {
            try await database.raw(
                """
                INSERT INTO audit_log (id, occurred_at, actor_kind, actor_id, actor_user, action, object_kind, object_id, app_id, changes, address)
                VALUES (\(bind: entry.id), \(bind: milliseconds(entry.time)), \(bind: entry.actor.kind.rawValue), \(bind: entry.actor.id),
                  \(bind: entry.actor.userID),
                  \(bind: entry.action), \(bind: entry.objectKind), \(bind: entry.objectID), \(bind: entry.appID),
                  \(bind: try JSONDocument.encode(entry.changes)), \(bind: entry.address))
                """
            ).run()
        }
    }

    /// An entry for what happened outside any other change (a sign-in, a failed one).
    public func append(audit entry: AuditEntry) async throws {
        try await transaction { database in try await Self.append([entry], on: database) }
    }

    /// Newest first, `limit` at most, before the entry `cursor` (an id).
    public func auditEntries(_ filter: AuditFilter, before cursor: String?, limit: Int) async throws -> [AuditEntry] {
        var conditions: [SQLQueryString] = ["1 = 1"]
        if let cursor { conditions.append("id < \(bind: cursor)") }
        if let app = filter.appID { conditions.append("app_id = \(bind: app)") }
        if let object = filter.objectID { conditions.append("object_id = \(bind: object)") }
        if let kind = filter.actorKind { conditions.append("actor_kind = \(bind: kind)") }
        if let user = filter.userID { conditions.append("actor_user = \(bind: user)") }
        if let action = filter.action { conditions.append("action = \(bind: action)") }
        if let from = filter.from { conditions.append("occurred_at >= \(bind: Self.milliseconds(from))") }
        if let to = filter.to { conditions.append("occurred_at < \(bind: Self.milliseconds(to))") }
        return try await database.raw(
            """
            SELECT id, occurred_at, actor_kind, actor_id, actor_user, action, object_kind, object_id, app_id, changes, address FROM audit_log
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY id DESC LIMIT \(bind: limit)
            """
        ).all().map { row in
            AuditEntry(
                id: try row.decode(column: "id", as: String.self), time: Self.date(try row.decode(column: "occurred_at", as: Int64.self)),
                actor: AuditActor(
                    AuditActor.Kind(rawValue: try row.decode(column: "actor_kind", as: String.self)) ?? .anonymous,
                    id: try row.decode(column: "actor_id", as: String.self), userID: try row.decode(column: "actor_user", as: String?.self)),
                action: try row.decode(column: "action", as: String.self), objectKind: try row.decode(column: "object_kind", as: String.self),
                objectID: try row.decode(column: "object_id", as: String.self), appID: try row.decode(column: "app_id", as: String?.self),
                changes: try JSONDocument.decode([String: AuditChange].self, from: row.decode(column: "changes", as: String.self)),
                address: try row.decode(column: "address", as: String?.self))
        }
    }

    /// Deletes the entries older than `before`; how many.
    public func deleteAudit(before: Date) async throws -> Int {
        try await transaction { database in
            let cutoff = Self.milliseconds(before)
            let count =
                try await database.raw("SELECT COUNT(*) AS n FROM audit_log WHERE occurred_at < \(bind: cutoff)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            if count > 0 { try await database.raw("DELETE FROM audit_log WHERE occurred_at < \(bind: cutoff)").run() }
            return count
        }
    }
}
