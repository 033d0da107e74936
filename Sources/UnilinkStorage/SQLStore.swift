import Foundation
public import Logging
import SQLKit
import SQLiteKit

/// The one store, over SQLKit: the same SQL runs on SQLite and PostgreSQL (plain
/// TEXT/BIGINT columns, times as epoch milliseconds, JSON documents as TEXT).
public final class SQLStore: Sendable {
    let database: any SQLDatabase
    private let gate = WriteGate()
    private let closer: @Sendable () async throws -> Void

    init(database: any SQLDatabase, close: @escaping @Sendable () async throws -> Void) {
        self.database = database
        self.closer = close
    }

    /// Opens the database at `location` and brings its schema up to date.
    public static func open(_ location: DatabaseLocation, logger: Logger) async throws -> SQLStore {
        let store: SQLStore
        switch location {
        case .sqliteMemory, .sqliteFile:
            let storage: SQLiteConnection.Storage = if case .sqliteFile(let path) = location { .file(path: path) } else { .memory }
            let connection = try await SQLiteConnection.open(storage: storage, logger: logger)
            store = SQLStore(database: connection.sql()) { try await connection.close() }
            try await store.database.raw("PRAGMA journal_mode=WAL").run()
            try await store.database.raw("PRAGMA busy_timeout=5000").run()
        case .postgres:
            throw StoreError.unsupported("PostgreSQL is not supported yet; use a sqlite:// URL")
        }
        try await Migrations.run(on: store)
        return store
    }

    public func close() async throws {
        try await closer()
    }

    /// Runs `body` as one transaction, alone among writers.
    func transaction<T: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        await gate.acquire()
        do {
            try await database.raw("BEGIN").run()
            let result = try await body(database)
            try await database.raw("COMMIT").run()
            await gate.release()
            return result
        } catch {
            try? await database.raw("ROLLBACK").run()
            await gate.release()
            throw error
        }
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
