import Logging
import SQLiteKit

/// A SQLite file opened as another program would open it (no Unilink lock, no store): for
/// tests that read what a server wrote, or hold the database's write lock against it.
public final class SQLiteFile: Sendable {
    private let connection: SQLiteConnection

    public init(path: String) async throws {
        connection = try await SQLiteConnection.open(storage: .file(path: path), logger: Logger(label: "test-sqlite"))
    }

    public func execute(_ statement: String) async throws {
        _ = try await connection.query(statement, [])
    }

    /// The first column of the first row, as an integer.
    public func integer(_ query: String) async throws -> Int? {
        try await connection.query(query, []).first?.columns.first?.data.integer
    }

    public func close() async throws {
        try await connection.close()
    }
}
