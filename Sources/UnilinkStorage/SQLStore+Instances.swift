public import Foundation
import NIOCore
import PostgresNIO
import SQLKit

/// What several instances on one PostgreSQL need from the store: announcements of
/// changes (`LISTEN/NOTIFY`), work that one instance at a time does (advisory locks), and
/// a readiness check. On SQLite (one process) announcing and locking are no-ops.
extension SQLStore {
    static let changeChannel = "unilink_changes"

    /// Tells every instance listening (itself included) that something changed.
    public func announce(_ payload: String) async throws {
        guard dialect == .postgres else { return }
        try await database.raw("SELECT pg_notify(\(bind: Self.changeChannel), \(bind: payload))").run()
    }

    /// Calls `onChange` with every announcement until the task is cancelled or the
    /// connection is lost (then it throws; the caller listens again). `onListening` runs
    /// once the subscription is in place: what changed before it must be reloaded.
    public func listenForChanges(
        onListening: @escaping @Sendable () async -> Void,
        _ onChange: @escaping @Sendable (String) async -> Void
    ) async throws {
        guard case .postgres(let pool) = engine else { return }
        do {
            try await pool.client.withConnection { connection in
                // The notification sequence does not end when the task is cancelled (at
                // shutdown): closing its connection does.
                try await withTaskCancellationHandler {
                    try await connection.listen(on: Self.changeChannel) { notifications in
                        await onListening()
                        for try await notification in notifications {
                            await onChange(notification.payload)
                        }
                    }
                } onCancel: {
                    let closing: EventLoopFuture<Void> = connection.close()
                    _ = closing
                }
            }
        } catch {
            throw PostgresPool.translate(error)
        }
    }

    /// Runs `body` unless another instance is running the job of the same name: then
    /// returns `nil` at once. The lock belongs to one pooled connection's session and goes
    /// with it if the instance dies.
    public func exclusively<T: Sendable>(_ job: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T? {
        guard dialect == .postgres else { return try await body() }
        let key = Self.lockKey(job)
        return try await withSession { session in
            let locked =
                try await session.raw("SELECT pg_try_advisory_lock(\(bind: key)) AS locked").first()?.decode(column: "locked", as: Bool.self) ?? false
            guard locked else { return nil }
            do {
                let result = try await body()
                try await Self.evenIfCancelled { try await session.raw("SELECT pg_advisory_unlock(\(bind: key))").run() }
                return result
            } catch {
                // A lock left held would keep the job from every instance while the pooled connection lives.
                try? await Self.evenIfCancelled { try await session.raw("SELECT pg_advisory_unlock(\(bind: key))").run() }
                throw error
            }
        }
    }

    /// The database answers a trivial query within `timeout` (for `/readyz`).
    public func ping(timeout: TimeInterval = 1) async throws {
        switch engine {
        case .sqlite: _ = try await database.raw("SELECT 1 AS ok").first()
        case .postgres(let pool): _ = try await pool.withConnection(timeout: timeout) { try await $0.raw("SELECT 1 AS ok").first() != nil }
        }
    }

    /// A stable 64-bit key per job name (FNV-1a), distinct from the migrations' lock.
    static func lockKey(_ job: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "unilink.job.\(job)".utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}
