import ArgumentParser
import Foundation
import UnilinkStorage

/// `unilink restore BACKUP`: a checked backup in place of the SQLite database, which no
/// server may be serving; the database it replaces is moved aside, not deleted.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a backup in place of the SQLite database (stop the server first).",
        discussion: """
            BACKUP is checked (integrity, schema) first. A database already at the target is moved \
            aside, with its WAL files, to <file>.before-restore-<unix time>.
            """
    )

    @Argument(help: "A file 'unilink backup' wrote.") var backup: String
    @Option(help: ArgumentHelp(stringLiteral: DatabaseOption.help)) var databaseURL: String?

    func run() async throws {
        let target = try BackupCommand.sqliteFile(try DatabaseOption.location(databaseURL), command: "restore")
        do {
            let (report, aside) = try await SQLiteBackup.restore(backup, into: target, logger: DatabaseOption.logger)
            if let aside { print("Moved the database that was at \(target) to \(aside).") }
            print("Restored \(backup) to \(target): schema version \(report.schemaVersion), integrity ok, \(report.tables["links"] ?? 0) links.")
        } catch let problem as DatabaseProblem {
            FileHandle.standardError.write(Data("Error: \(problem); stop the server, then restore.\n".utf8))
            throw ExitCode.failure
        } catch let failure as SQLiteBackup.Failure {
            FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
            throw ExitCode.failure
        }
    }
}
