import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `GET /v1/audit`: who changed what, newest first; the organisation's log for its owners,
/// an app's (`?app_id=`) for the app's admins. Nothing writes through it: the log is
/// appended by the changes themselves and only retention removes.
struct AuditController {
    let store: any AuditStore

    static let defaultLimit = 50
    static let maxLimit = 200

    /// `group` is `/v1/audit`, behind the management API's authenticator.
    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .get, .auditRead, .appInQueryOrOrganisation, authorizer, use: list)
    }

    @Sendable func list(_ request: Request, context: APIContext) async throws -> Response {
        let query = request.uri.queryParameters
        func text(_ name: String) throws -> String? {
            guard let value = query[name[...]].map(String.init) else { return nil }
            guard (1...128).contains(value.utf8.count) else { throw APIError.badRequest("'\(name)' must be 1 to 128 bytes") }
            return value
        }
        func time(_ name: String) throws -> Date? {
            guard let value = try text(name) else { return nil }
            guard let date = Timestamp.parse(value) else { throw APIError.badRequest("'\(name)' must be a time like 2026-11-25T14:00:00Z") }
            return date
        }
        var filter = AuditFilter(
            appID: try text("app_id"), objectID: try text("object_id"), userID: try text("user"), action: try text("action"))
        if let kind = try text("actor") {
            guard AuditActor.Kind(rawValue: kind) != nil else {
                throw APIError.badRequest("'actor' must be \(AuditActor.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            filter.actorKind = kind
        }
        filter.from = try time("from")
        filter.to = try time("to")
        let limit = try QueryNumber.parse(query["limit"], name: "limit", in: 1...Self.maxLimit) ?? Self.defaultLimit
        let entries = try await store.auditEntries(filter, before: try text("cursor"), limit: limit)
        return try HTTPBody.json(
            AuditPage(data: entries.map(AuditRecord.init), nextCursor: entries.count == limit ? entries.last?.id : nil))
    }
}

/// A page of the audit log as the API writes it.
struct AuditPage: Encodable {
    let data: [AuditRecord]
    let nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case data, nextCursor = "next_cursor"
    }
}

/// One entry as the API writes it.
struct AuditRecord: Encodable {
    struct Actor: Encodable {
        let kind: String
        let id: String
        let user: String?
    }

    struct Object: Encodable {
        let kind: String
        let id: String
    }

    let id: String
    let time: String
    let actor: Actor
    let action: String
    let object: Object
    let appID: String?
    let changes: [String: AuditChange]
    let address: String?

    init(_ entry: AuditEntry) {
        id = entry.id
        time = Timestamp.format(entry.time)
        actor = Actor(kind: entry.actor.kind.rawValue, id: entry.actor.id, user: entry.actor.userID)
        action = entry.action
        object = Object(kind: entry.objectKind, id: entry.objectID)
        appID = entry.appID
        changes = entry.changes
        address = entry.address
    }

    enum CodingKeys: String, CodingKey {
        case id, time, actor, action, object, appID = "app_id", changes, address
    }
}
