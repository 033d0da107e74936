import Foundation
public import Logging
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit
import Synchronization

/// The one store, over SQLKit: the same SQL runs on SQLite and PostgreSQL (plain
/// TEXT/BIGINT columns, times as epoch milliseconds, JSON documents as TEXT). SQLite is
/// one connection whose writers take turns; PostgreSQL is a pool shared with other
/// instances, where uniqueness and "exactly once" come from the database itself.
public final class SQLStore: Sendable {
    public enum Dialect: Sendable { case sqlite, postgres }

    public let dialect: Dialect
    /// Reads: SQLite's connection, or a pooled PostgreSQL connection per query.
    let database: any SQLDatabase
    let engine: Engine
    let logger: Logger
    /// SQLite's connection runs on a thread of its own (nil on PostgreSQL).
    let sqliteThread: SQLiteThread?
    /// A SQLite file is this process's alone while it is open (`SQLiteFileLock`).
    let fileLock: SQLiteFileLock?
    private let closing = Mutex(false)
    /// The last write the storage could not take (full, read-only), until one succeeds.
    let writes = WriteHealth()
    /// Which of the counters' slots this instance's batches add to (`counterSlot`).
    let slot = Int.random(in: 0..<SQLStore.counterSlots)

    enum Engine: Sendable {
        case sqlite(SQLiteConnection, WriteGate)
        case postgres(PostgresPool)
    }

    private init(engine: Engine, logger: Logger, sqliteThread: SQLiteThread? = nil, fileLock: SQLiteFileLock? = nil) {
        self.engine = engine
        self.logger = logger
        self.sqliteThread = sqliteThread
        self.fileLock = fileLock
        switch engine {
        case .sqlite(let connection, _):
            dialect = .sqlite
            database = connection.sql()
        case .postgres(let pool):
            dialect = .postgres
            database = pool
        }
    }

    /// WAL pages after which SQLite checkpoints (writes them into the database file).
    static let walCheckpointPages = 10_000

    /// Opens the database at `location` and, unless told not to, brings its schema up to
    /// date (on PostgreSQL under an advisory lock, so instances starting together take turns).
    /// A SQLite file is checked first (its folder, its permissions, another server on it,
    /// another program's database); PostgreSQL is waited for up to `pool.startWait` while it
    /// cannot be reached, and refused at once when it answers with a refusal. Failures are
    /// `DatabaseProblem`s; everything opened before one is closed again.
    /// `progress`: how far counting the clicks stored before the counters got (an upgrade
    /// from schema 6 or earlier), reported after each stretch.
    public static func open(
        _ location: DatabaseLocation, migrate: Bool = true, rollingOnly: Bool = false, pool: PoolOptions = .init(),
        over connections: PostgresConnections? = nil, logger: Logger, progress: (@Sendable (UpgradeProgress) -> Void)? = nil
    ) async throws -> SQLStore {
        let counted: (@Sendable (CounterBackfill.Progress) -> Void)? = progress.map { report in
            { @Sendable stretch in report(UpgradeProgress(fraction: stretch.fraction, countedUpTo: stretch.next)) }
        }
        return try await open(
            location, migratingTo: migrate ? Migrations.latest : nil, rollingOnly: rollingOnly, pool: pool, over: connections, logger: logger,
            progress: counted)
    }

    /// `migratingTo`: the schema version to bring the database to (the upgrade tests write
    /// a database as an earlier build did); nil checks that it is current instead.
    /// `backfillLimit`: stop counting the history after that many stretches, as a kill would.
    /// `rollingOnly`: migrate only if every missing step is rolling.
    static func open(
        _ location: DatabaseLocation, migratingTo version: Int?, rollingOnly: Bool = false, pool: PoolOptions = .init(),
        over connections: PostgresConnections? = nil, logger: Logger, backfillLimit: Int? = nil,
        progress: (@Sendable (CounterBackfill.Progress) -> Void)? = nil
    ) async throws -> SQLStore {
        let store: SQLStore
        switch location {
        case .sqliteMemory, .sqliteFile:
            var lock: SQLiteFileLock?
            let storage: SQLiteConnection.Storage
            if case .sqliteFile(let path) = location {
                try SQLiteFileCheck.check(path)
                lock = try SQLiteFileLock.acquire(forDatabase: path)
                storage = .file(path: path)
            } else {
                storage = .memory
            }
            let thread: SQLiteThread
            let connection: SQLiteConnection
            do {
                thread = try await SQLiteThread.start()
                do {
                    connection = try await SQLiteConnection.open(
                        storage: storage, threadPool: thread.pool, logger: logger, on: MultiThreadedEventLoopGroup.singleton.any())
                } catch {
                    try? await thread.shutdown()
                    throw error
                }
            } catch {
                lock?.release()
                throw error
            }
            store = SQLStore(engine: .sqlite(connection, WriteGate()), logger: logger, sqliteThread: thread, fileLock: lock)
        case .postgres(let url):
            try await PostgresPool.waitUntilReachable(url: url, wait: pool.startWait, logger: logger)
            store = SQLStore(engine: .postgres(try connections?.pool ?? PostgresPool(url: url, options: pool, logger: logger)), logger: logger)
        }
        do {
            if store.dialect == .sqlite {
                do {
                    try await store.database.raw("PRAGMA busy_timeout=5000").run()
                    if case .sqliteFile(let path) = location { try await SQLiteFileCheck.checkTables(of: store.database, path: path) }
                    try await store.database.raw("PRAGMA journal_mode=WAL").run()
                } catch let error as SQLiteError where error.reason == .notADatabase {
                    if case .sqliteFile(let path) = location { throw DatabaseProblem.notADatabase(path) }
                    throw error
                }
                // SQLite's default, said once: every commit waits for the disk, except the
                // click recorder's (`telemetryTransaction`).
                try await store.database.raw("PRAGMA synchronous=FULL").run()
                // A checkpoint ends in two fsyncs, and each makes the kernel write back and
                // commit its journal on the server's cores. A saturated recorder fills
                // SQLite's default 1,000 pages four times a second; at 10,000 (a WAL of
                // about 40 MB) it checkpoints less than once a second, and the bytes
                // written stay the same (about 720 per click).
                try await store.database.raw("PRAGMA wal_autocheckpoint=\(unsafeRaw: String(walCheckpointPages))").run()
            }
            if let newer = try await Migrations.refuseNewer(on: store.database) {
                logger.notice(
                    "The database schema is at version \(newer), written by a newer unilink; every step past \(Migrations.latest) keeps this build working, so it goes on; replace it with the newer build."
                )
            }
            if let version {
                try await store.withSession { session in
                    try await Migrations.run(
                        on: session, dialect: store.dialect, upTo: version, rollingOnly: rollingOnly, backfillLimit: backfillLimit, progress: progress
                    )
                }
            } else {
                try await Migrations.check(on: store.database)
            }
        } catch {
            try? await store.close()
            throw error
        }
        return store
    }

    /// Closes the connections, the SQLite thread and the file's lock, once: later calls
    /// return at once. Not cut short by the caller's cancellation, so a stop or a failed
    /// start cannot leave a connection open.
    /// Closed (or closing): every query fails from now on.
    public var isClosed: Bool { closing.withLock { $0 } }

    /// The last write the storage refused (full, read-only), until one succeeds again.
    public var writeProblem: WriteHealth.Problem? { writes.current }

    public func close() async throws {
        guard
            closing.withLock({ closing in
                defer { closing = true }
                return !closing
            })
        else { return }
        let engine = self.engine, thread = sqliteThread, lock = fileLock
        try await Task {
            defer { lock?.release() }
            switch engine {
            case .sqlite(let connection, _):
                do {
                    try await connection.close()
                } catch {
                    try? await thread?.shutdown()
                    throw error
                }
                try await thread?.shutdown()
            case .postgres(let pool): await pool.shutdown()
            }
        }.value
    }

    /// Runs `body` as one transaction: on SQLite alone among writers, on PostgreSQL on one
    /// pooled connection (the others go on).
    func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        do {
            let result: T
            switch engine {
            case .sqlite(_, let gate):
                result = try await gate.holding { try await Self.inTransaction(database, dialect: .sqlite, body) }
            case .postgres(let pool):
                result = try await pool.withConnection { connection in try await Self.inTransaction(connection, dialect: .postgres, body) }
            }
            writes.succeeded()
            return result
        } catch {
            throw writes.translate(error)
        }
    }

    /// A transaction of the click recorder: committed without waiting for the disk. A power
    /// cut (not a crash of the process) may lose the last batches of clicks, never the
    /// database's integrity: SQLite's WAL keeps them in order and the next ordinary commit
    /// (`synchronous=FULL`) makes them durable too; PostgreSQL's `synchronous_commit` is
    /// off for this transaction alone. Apps, links and keys keep their durable commits.
    func telemetryTransaction<T: Sendable>(
        steppingAside: Bool = false, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        do {
            let result = try await telemetryTransactionOnce(steppingAside: steppingAside, body)
            writes.succeeded()
            return result
        } catch {
            throw writes.translate(error)
        }
    }

    private func telemetryTransactionOnce<T: Sendable>(
        steppingAside: Bool, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        switch engine {
        case .sqlite(_, let gate):
            return try await gate.holding {
                let lowered = steppingAside && sqliteThread?.stepAside() == true
                defer { if lowered { sqliteThread?.raise() } }
                // SQLite refuses to change the setting inside a transaction.
                try await database.raw("PRAGMA synchronous=NORMAL").run()
                let restore: @Sendable () async throws -> Void = { [database] in try await database.raw("PRAGMA synchronous=FULL").run() }
                let value: T
                do {
                    value = try await Self.inTransaction(database, dialect: .sqlite, body)
                } catch {
                    // The transaction's own error is the one to report (a full disk is a 503, not a 500).
                    try? await Self.evenIfCancelled(restore)
                    throw error
                }
                try await Self.evenIfCancelled(restore)
                return value
            }
        case .postgres(let pool):
            return try await pool.withConnection { connection in
                try await Self.inTransaction(connection, dialect: .postgres) { database in
                    try await database.raw("SET LOCAL synchronous_commit TO OFF").run()
                    return try await body(database)
                }
            }
        }
    }

    /// Runs `body` on one connection for its whole length (advisory locks are per session).
    func withSession<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch engine {
        case .sqlite(_, let gate):
            return try await gate.holding { try await body(database) }
        case .postgres(let pool):
            return try await pool.withConnection(body)
        }
    }

    /// SQLite's transactions take the write lock at BEGIN: a reader that upgrades later can
    /// fail at once with "database is locked" when another connection writes.
    static func inTransaction<T>(_ database: any SQLDatabase, dialect: Dialect, _ body: (any SQLDatabase) async throws -> T) async throws -> T {
        try await database.raw(dialect == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN").run()
        do {
            let result = try await body(database)
            try await database.raw("COMMIT").run()
            return result
        } catch {
            try? await evenIfCancelled { try await database.raw("ROLLBACK").run() }
            throw error
        }
    }

    /// Runs `body` to its end even when the calling task is cancelled, for the statements
    /// that undo or close what a task began: in a cancelled task a statement is refused
    /// before it runs (SQLite's go through `NIOThreadPool.runIfActive`), and a ROLLBACK
    /// refused so left SQLite's one connection inside the transaction, where every later
    /// BEGIN failed and every later write waited, uncommitted, in it. A new task does not
    /// inherit the caller's cancellation.
    static func evenIfCancelled<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await Task { try await body() }.value
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
