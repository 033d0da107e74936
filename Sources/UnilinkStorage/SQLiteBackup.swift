public import Foundation
public import Logging
import SQLKit
import SQLiteKit
import SQLiteNIO

#if canImport(Glibc)
    import Glibc
#endif

/// A consistent copy of a SQLite database while a server writes to it, and its check.
/// `VACUUM INTO` copies what one read transaction sees (WAL mode lets it run beside the
/// writer): every transaction committed before it began, none half. The copy is then
/// opened and checked on its own: `PRAGMA integrity_check` and every table's rows.
public enum SQLiteBackup {
    public struct Report: Sendable, Equatable {
        /// Each table and its rows, by name.
        public let tables: [String: Int]
        public let schemaVersion: Int
        public let bytes: Int64
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case exists(String)
        case missing(String)
        case failed(String, String)
        case damaged(String, String)

        public var description: String {
            switch self {
            case .exists(let path): "\(path) exists: a backup never overwrites a file (choose a new name, or remove it first)"
            case .missing(let path): "there is no SQLite database at \(path)"
            case .failed(let path, let reason): "could not write \(path): \(reason)"
            case .damaged(let path, let reason): "\(path) is not a sound database: \(reason)"
            }
        }
    }

    /// Copies `source` to `destination`, which must not exist; a copy that fails part way
    /// is removed. The source is only read.
    public static func backup(from source: String, to destination: String, logger: Logger) async throws -> Report {
        guard FileManager.default.fileExists(atPath: source) else { throw Failure.missing(source) }
        // Made here, empty and exclusively (VACUUM INTO fills an empty file): a file that
        // appears meanwhile is never written over, and the one removed on failure is ours.
        // Readable by its owner alone: the database holds the server's secrets.
        let descriptor = open(destination, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? Failure.exists(destination) : Failure.failed(destination, String(cString: strerror(errno)))
        }
        close(descriptor)
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: source), logger: logger)
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            throw Failure.failed(destination, "\(error)")
        }
        do {
            let database = connection.sql()
            try await database.raw("PRAGMA busy_timeout=5000").run()
            try await database.raw("VACUUM INTO \(bind: destination)").run()
            try await connection.close()
        } catch {
            try? await connection.close()
            try? FileManager.default.removeItem(atPath: destination)
            throw Failure.failed(destination, "\(error)")
        }
        do {
            return try await check(destination, logger: logger)
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            throw error
        }
    }

    /// The database at `path` checked on its own: SQLite's integrity check, its schema
    /// version and every table's rows.
    public static func check(_ path: String, logger: Logger) async throws -> Report {
        guard FileManager.default.fileExists(atPath: path) else { throw Failure.missing(path) }
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        do {
            let database = connection.sql()
            let verdicts = try await database.raw("PRAGMA integrity_check").all().map { try $0.decode(column: "integrity_check", as: String.self) }
            guard verdicts == ["ok"] else { throw Failure.damaged(path, verdicts.prefix(3).joined(separator: "; ")) }
            let names = try await database.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
                .all().map { try $0.decode(column: "name", as: String.self) }
            var tables: [String: Int] = [:]
            for name in names {
                let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                tables[name] =
                    try await database.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: quoted)").first()?.decode(column: "n", as: Int.self) ?? 0
            }
            guard tables["schema_migrations"] != nil else { throw Failure.damaged(path, "it holds no Unilink schema") }
            let version =
                try await database.raw("SELECT MAX(version) AS version FROM schema_migrations").first()?.decode(column: "version", as: Int?.self) ?? 0
            try await connection.close()
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64) ?? 0
            return Report(tables: tables, schemaVersion: version, bytes: bytes)
        } catch let failure as Failure {
            try? await connection.close()
            throw failure
        } catch {
            try? await connection.close()
            throw Failure.damaged(path, "\(error)")
        }
    }
}

extension SQLiteBackup {
    /// Puts the checked backup at `backup` in place of the database at `target`, which no
    /// server may be serving (its lock is taken for the while). A database already there is
    /// moved aside, with its WAL files, to `<target>.before-restore-<time>`: nothing is lost.
    /// Returns the backup's report and where the old database went, if there was one.
    public static func restore(_ backup: String, into target: String, logger: Logger, now: Date = .now) async throws -> (
        report: Report, movedAside: String?
    ) {
        let report = try await check(backup, logger: logger)
        guard report.schemaVersion <= Migrations.latest else {
            throw Failure.damaged(backup, "its schema is version \(report.schemaVersion), newer than this build's \(Migrations.latest)")
        }
        let lock = try SQLiteFileLock.acquire(forDatabase: target)
        defer { lock.release() }
        let files = FileManager.default
        var aside: String?
        if files.fileExists(atPath: target) {
            let stamp = Int64(now.timeIntervalSince1970)
            let moved = "\(target).before-restore-\(stamp)"
            for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: target + suffix) {
                do {
                    try files.moveItem(atPath: target + suffix, toPath: moved + suffix)
                } catch {
                    throw Failure.failed(moved + suffix, "\(error)")
                }
            }
            aside = moved
        }
        let partial = target + ".restoring"
        try? files.removeItem(atPath: partial)
        // The restored file belongs to whoever owned the database it replaces (or its
        // folder): restored by root, it must still open for the service's own user.
        let owner = try? files.attributesOfItem(atPath: aside ?? (target as NSString).deletingLastPathComponent)
        do {
            try files.copyItem(atPath: backup, toPath: partial)
            if let user = owner?[.ownerAccountID] as? NSNumber, let group = owner?[.groupOwnerAccountID] as? NSNumber {
                let current = try files.attributesOfItem(atPath: partial)
                if (current[.ownerAccountID] as? NSNumber) != user || (current[.groupOwnerAccountID] as? NSNumber) != group {
                    guard chown(partial, uid_t(user.uint32Value), gid_t(group.uint32Value)) == 0 else {
                        throw Failure.failed(
                            partial, "cannot give it to the owner of the database it replaces (uid \(user)): \(String(cString: strerror(errno)))")
                    }
                }
            }
            try files.moveItem(atPath: partial, toPath: target)
        } catch {
            try? files.removeItem(atPath: partial)
            throw error as? Failure ?? Failure.failed(target, "\(error)")
        }
        return (report, aside)
    }
}
