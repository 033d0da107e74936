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
            PATH must not exist. A folder (it must exist) gets a file named \
            after the moment (unilink-2026-11-26T03-30-00.123Z.sqlite), and --keep N then removes the \
            oldest of those past N once the new one is checked. On PostgreSQL, use pg_dump (Docs/Operating.md).
            """
    )

    @Argument(help: "The new file to write, or a folder of backups.") var path: String
    @Option(help: "With a folder: how many backups to keep there (the newest), removing older ones after a backup succeeds.")
    var keep: Int?
    @Option(help: ArgumentHelp(stringLiteral: DatabaseOption.help)) var databaseURL: String?

    var folder: String? {
        var isFolder: ObjCBool = false
        return path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue) ? path : nil
    }

    func validate() throws {
        if let keep, keep < 1 { throw ValidationError("--keep must be 1 or more: the backup just taken is always kept") }
        if keep != nil && folder == nil {
            throw ValidationError("--keep needs a folder of backups as PATH (an existing folder, or a path ending in /)")
        }
    }

    func run() async throws {
        let source = try Self.sqliteFile(try DatabaseOption.location(databaseURL), command: "backup")
        let started = Date.now
        let folder = self.folder
        let name = BackupFolder.name(at: started)
        let path = folder.map { URL(fileURLWithPath: $0).appendingPathComponent(name).path } ?? self.path
        do {
            // Into a folder, the copy is written under another name and takes its own once
            // checked: a copy a kill or a power cut cut short never passes for a backup.
            let written = folder == nil ? path : path + ".partial"
            let report = try await SQLiteBackup.backup(from: source, to: written, logger: DatabaseOption.logger)
            if written != path {
                do {
                    try FileManager.default.moveItem(atPath: written, toPath: path)
                } catch {
                    try? FileManager.default.removeItem(atPath: written)
                    throw SQLiteBackup.Failure.failed(path, "\(error.localizedDescription)")
                }
            }
            let seconds = String(format: "%.2f", Date.now.timeIntervalSince(started))
            print("Backed up \(source) to \(path) in \(seconds) s: \(report.bytes) bytes, schema version \(report.schemaVersion), integrity ok.")
            for name in ["apps", "links", "clicks", "events", "audit_log"] where report.tables[name] != nil {
                print("  \(name): \(report.tables[name] ?? 0) rows")
            }
            if let folder, let keep {
                let names = try FileManager.default.contentsOfDirectory(atPath: folder)
                for old in BackupFolder.expired(names, keep: keep, taken: name) {
                    try FileManager.default.removeItem(atPath: URL(fileURLWithPath: folder).appendingPathComponent(old).path)
                    print("Removed the older backup \(old) (keeping \(keep)).")
                }
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
