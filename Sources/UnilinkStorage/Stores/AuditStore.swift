public import Foundation
public import UnilinkCore

/// The audit log. Changes append their entries through the stores that make them, in the
/// same transaction; this appends what changes nothing else (sign-ins) and reads.
public protocol AuditStore: Sendable {
    func append(audit entry: AuditEntry) async throws
    func auditEntries(_ filter: AuditFilter, before cursor: String?, limit: Int) async throws -> [AuditEntry]
    func deleteAudit(before: Date) async throws -> Int
}

extension SQLStore: AuditStore {}
