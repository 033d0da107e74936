import ArgumentParser
import Foundation
import Logging
import UnilinkServer
import UnilinkStorage

/// `unilink migrate`: brings the database's schema up to date and exits, for deploy
/// pipelines that run it once before starting instances with `serve --no-migrate`.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the database migrations and exit."
    )

    @Option(help: ArgumentHelp(stringLiteral: DatabaseOption.help)) var databaseURL: String?
    @Flag(
        help: """
            Apply the missing steps only if the instances of the build before may go on serving meanwhile and after \
            (every step rolling); otherwise change nothing and fail, naming the steps that need them stopped.
            """)
    var rolling = false

    func run() async throws {
        let location = try DatabaseOption.location(databaseURL), logger = DatabaseOption.logger
        let store: SQLStore
        do {
            store = try await SQLStore.open(location, migrate: true, rollingOnly: rolling, logger: logger, progress: UpgradeProgressLog().report)
        } catch DatabaseProblem.inUse(let path, let pid) {
            // A server holds the file: nothing to do if the schema is current, else it must stop first.
            let version = try await SQLStore.schemaVersion(ofSQLiteFile: path, logger: logger)
            let server = pid.map { "a running unilink (pid \($0))" } ?? "a running unilink"
            guard version >= SQLStore.latestSchemaVersion else {
                FileHandle.standardError.write(
                    Data(
                        """
                        Error: the database schema is at version \(version), this build needs \(SQLStore.latestSchemaVersion), \
                        and \(server) serves \(path): stop it, then run 'unilink migrate' (or start the new build, which migrates)\n
                        """.utf8))
                throw ExitCode.failure
            }
            print("The database schema is at version \(version), current; \(server) serves \(path). Nothing to do.")
            return
        } catch let problem as DatabaseProblem {
            FileHandle.standardError.write(Data("Error: \(problem)\n".utf8))
            throw ExitCode.failure
        }
        let version = try await store.schemaVersion()
        try await store.close()
        print("The database schema is at version \(version).")
    }
}
