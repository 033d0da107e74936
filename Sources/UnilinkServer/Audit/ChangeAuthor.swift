import Foundation
import UnilinkAPI
import UnilinkCore

/// Who asks for a change and from where: what the audit log records beside it. Every
/// writer (`LinkService`, `AppService`) takes one, so no change goes unattributed.
struct ChangeAuthor: Sendable {
    let actor: AuditActor
    let address: String?

    func entry(
        _ action: String, _ objectKind: String, _ objectID: String, appID: String?, changes: [String: AuditChange] = [:], at time: Date = .now
    ) -> AuditEntry {
        AuditEntry(
            id: Identifiers.auditID(at: time), time: time, actor: actor, action: action, objectKind: objectKind, objectID: objectID,
            appID: appID, changes: changes, address: address)
    }

    /// The fields `before` and `after` differ in, as the API writes them.
    static func changes(before: (any Encodable)?, after: (any Encodable)?) -> [String: AuditChange] {
        AuditDiff.changes(before: before.flatMap { json($0) }, after: after.flatMap { json($0) })
    }

    private static func json(_ value: any Encodable) -> JSONValue? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }
}

extension VisitorContext {
    /// The address the rate limiter resolved (the proxy's word behind a trusted proxy), else the peer's.
    var auditAddress: String? { (clientAddress ?? nil) ?? peerAddress }
}

extension SignedInContext {
    /// A person by their id; a credential's session by the start of its token's hash
    /// (enough to tell sessions apart, nothing to sign in with).
    var author: ChangeAuthor { ChangeAuthor(actor: session.actor, address: auditAddress) }
}

extension SDKContext {
    var author: ChangeAuthor { ChangeAuthor(actor: AuditActor(.publishableKey, id: app.id), address: auditAddress) }
}
