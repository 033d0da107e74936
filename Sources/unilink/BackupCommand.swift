import ArgumentParser
import Foundation
import UnilinkStorage

/// `unilink backup PATH`: a consistent copy of the SQLite database, taken while a server
/// serves it, checked before the command says it is done.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the SQLite database, while it is served, to a new file and check the copy.",
        discussion: """
            The copy holds every change committed before the backup began (one read transaction, \
            SQLite's VACUUM INTO) and is checked with PRAGMA integrity_check and its tables' rows. \
            PATH must not exist. On PostgreSQL, use pg_dump (Docs/Operating.md).
            """
    )

    @Argument(help: "The new file to write.") var path: String
    @Option(help: ArgumentHelp(stringLiteral: DatabaseOption.help)) var databaseURL: String?

    func run() async throws {
        let source = try Self.sqliteFile(try DatabaseOption.location(databaseURL), command: "backup")
        let started = Date.now
        do {
            let report = try await SQLiteBackup.backup(from: source, to: path, logger: DatabaseOption.logger)
            let seconds = String(format: "%.2f", Date.now.timeIntervalSince(started))
            print("Backed up \(source) to \(path) in \(seconds) s: \(report.bytes) bytes, schema version \(report.schemaVersion), integrity ok.")
            for name in ["apps", "links", "clicks", "events", "audit_log"] where report.tables[name] != nil {
                print("  \(name): \(report.tables[name] ?? 0) rows")
            }
        } catch let failure as SQLiteBackup.Failure {
            FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// The SQLite file a backup or restore works on; PostgreSQL has its own tools.
    static func sqliteFile(_ location: DatabaseLocation, command: String) throws -> String {
        switch location {
        case .sqliteFile(let path): return path
        case .postgres:
            FileHandle.standardError.write(
                Data(
                    """
                    Error: 'unilink \(command)' works on a SQLite file; for PostgreSQL use pg_dump and pg_restore \
                    (or point-in-time recovery), as Docs/Operating.md says.\n
                    """.utf8))
            throw ExitCode.failure
        case .sqliteMemory:
            FileHandle.standardError.write(Data("Error: an in-memory database has nothing to \(command).\n".utf8))
            throw ExitCode.failure
        }
    }
}
