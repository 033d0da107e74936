import ArgumentParser
import Foundation
import Logging
import UnilinkStorage

/// Where the commands that open the database find it: `--database-url`, else
/// `UNILINK_DATABASE_URL`, else `unilink.sqlite`; and the quiet logger they open it with.
enum DatabaseOption {
    static let help = "sqlite:///path/file.sqlite or postgres://... (UNILINK_DATABASE_URL, default unilink.sqlite)."

    static func location(_ databaseURL: String?) throws -> DatabaseLocation {
        let text = databaseURL ?? ProcessInfo.processInfo.environment["UNILINK_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            return try text.map { try DatabaseLocation($0) } ?? .defaultLocation
        } catch {
            throw ValidationError("\(error)")
        }
    }

    static var logger: Logger {
        var logger = Logger(label: "unilink")
        logger.logLevel = .warning
        return logger
    }
}
