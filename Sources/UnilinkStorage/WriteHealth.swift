public import Foundation
import PostgresNIO
import SQLiteNIO
import Synchronization

/// Whether the storage takes writes: the last one it refused for want of room or because
/// it is read-only (SQLite's SQLITE_FULL and SQLITE_READONLY, PostgreSQL's disk_full and
/// read-only transactions), until a write succeeds again. Reads and clicks go on meanwhile;
/// `/readyz` shows it, and the refused write is a 503 `storage_unavailable`.
public final class WriteHealth: Sendable {
    public struct Problem: Sendable, Equatable {
        public var reason: String
        public var since: Date
    }

    private let problem = Mutex<Problem?>(nil)

    public var current: Problem? { problem.withLock { $0 } }

    func succeeded() {
        problem.withLock { if $0 != nil { $0 = nil } }
    }

    /// `error` as the store reports it: a storage refusal becomes `StoreError.storageUnavailable`
    /// and is remembered; anything else passes unchanged.
    func translate(_ error: any Error) -> any Error {
        guard let reason = Self.storageRefusal(error) else { return error }
        problem.withLock { if $0?.reason != reason { $0 = Problem(reason: reason, since: .now) } }
        return StoreError.storageUnavailable(reason)
    }

    static func storageRefusal(_ error: any Error) -> String? {
        switch error {
        case StoreError.storageUnavailable(let reason): return reason
        case let error as SQLiteError:
            switch error.reason {
            case .full: return "the database or its disk is full (SQLite: \(error.message))"
            case .readOnly, .readonlyInRecovery, .readonlyCantLock, .readonlyInRollback, .readonlyBackingMoved, .readonlyDirectory:
                return "the database is read-only (SQLite: \(error.message))"
            default: return nil
            }
        case let error as PSQLError:
            switch error.serverInfo?[.sqlState] {
            case "53100": return "PostgreSQL's disk is full (\(error.serverInfo?[.message] ?? "disk_full"))"
            case "53000", "53200": return "PostgreSQL is out of resources (\(error.serverInfo?[.message] ?? "insufficient_resources"))"
            case "25006": return "PostgreSQL is read-only (\(error.serverInfo?[.message] ?? "read_only_sql_transaction"))"
            default: return nil
            }
        default: return nil
        }
    }
}
