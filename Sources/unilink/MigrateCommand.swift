import ArgumentParser
import Foundation
import Logging
import UnilinkStorage

/// `unilink migrate`: brings the database's schema up to date and exits, for deploy
/// pipelines that run it once before starting instances with `serve --no-migrate`.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the database migrations and exit."
    )

    @Option(help: "sqlite:///path/file.sqlite or postgres://... (UNILINK_DATABASE_URL, default unilink.sqlite).") var databaseURL: String?

    func run() async throws {
        let text = databaseURL ?? ProcessInfo.processInfo.environment["UNILINK_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let location: DatabaseLocation
        do {
            location = try text.map { try DatabaseLocation($0) } ?? .defaultLocation
        } catch {
            throw ValidationError("\(error)")
        }
        var logger = Logger(label: "unilink")
        logger.logLevel = .warning
        let store = try await SQLStore.open(location, migrate: true, logger: logger)
        let version = try await store.schemaVersion()
        try await store.close()
        print("The database schema is at version \(version).")
    }
}
