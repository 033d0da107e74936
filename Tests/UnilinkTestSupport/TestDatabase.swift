import Foundation
import Logging
import PostgresNIO
public import UnilinkStorage

/// The databases a storage test runs on: SQLite always, PostgreSQL when
/// `UNILINK_TEST_POSTGRES_URL` names a server (CI starts one), each test on a fresh,
/// empty database of its own.
public enum TestDatabase: String, Sendable, CaseIterable, CustomStringConvertible {
    case sqlite, postgres

    public var description: String { rawValue }

    public static var postgresURL: String? {
        ProcessInfo.processInfo.environment["UNILINK_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `UNILINK_REQUIRE_POSTGRES` (CI sets it): the PostgreSQL runs may not be left out, so
    /// a missing `UNILINK_TEST_POSTGRES_URL` fails them instead.
    public static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_POSTGRES"] != nil }

    public static var available: [TestDatabase] { postgresURL == nil && !required ? [.sqlite] : [.sqlite, .postgres] }

    /// A cluster of its own that a test may stop and start (`.ci/postgres-start UNILINK_TEST_RESTART`).
    public static var restartCluster: (url: String, pgctl: String, data: String)? {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["UNILINK_TEST_RESTART_POSTGRES_URL"], let pgctl = environment["UNILINK_TEST_RESTART_PGCTL"],
            let data = environment["UNILINK_TEST_RESTART_PGDATA"]
        else { return nil }
        return (url, pgctl, data)
    }

    /// A new empty database; `body` gets its location and its `UNILINK_DATABASE_URL`.
    /// `server` names another PostgreSQL server than `UNILINK_TEST_POSTGRES_URL`'s.
    public func withFresh<T>(server: String? = nil, _ body: (DatabaseLocation, String) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-test-\(UUID().uuidString).sqlite")
            defer { for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } }
            return try await body(.sqliteFile(path: file.path), "sqlite://\(file.path)")
        case .postgres:
            guard let base = server ?? Self.postgresURL, var components = URLComponents(string: base) else {
                throw TestDatabaseError("UNILINK_TEST_POSTGRES_URL is not set")
            }
            let name = "unilink_t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
            try await Self.administer(base, "CREATE DATABASE \(name)")
            components.path = "/\(name)"
            let url = components.string ?? base
            do {
                let result = try await body(.postgres(url: url), url)
                try? await Self.administer(base, "DROP DATABASE \(name) WITH (FORCE)")
                return result
            } catch {
                try? await Self.administer(base, "DROP DATABASE \(name) WITH (FORCE)")
                throw error
            }
        }
    }

    /// Runs one statement outside a transaction on the database `url` names.
    public static func administer(_ url: String, _ statement: String) async throws {
        guard let components = URLComponents(string: url), let host = components.host else { throw TestDatabaseError("bad URL \(url)") }
        let configuration = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres", password: components.password,
            database: String(components.path.dropFirst()), tls: .disable
        )
        let logger = Logger(label: "test-postgres")
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

public struct TestDatabaseError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
