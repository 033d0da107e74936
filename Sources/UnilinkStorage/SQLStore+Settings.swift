import SQLKit

extension SQLStore {
    public func setting(_ name: String) async throws -> String? {
        try await database.raw("SELECT value FROM settings WHERE name = \(bind: name)").first()?.decode(column: "value", as: String.self)
    }

    public func setSetting(_ name: String, to value: String) async throws {
        try await transaction { database in
            try await database.raw("DELETE FROM settings WHERE name = \(bind: name)").run()
            try await database.raw("INSERT INTO settings (name, value) VALUES (\(bind: name), \(bind: value))").run()
        }
    }
}
