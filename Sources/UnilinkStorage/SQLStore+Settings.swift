import SQLKit

extension SQLStore {
    public func setting(_ name: String) async throws -> String? {
        try await database.raw("SELECT value FROM settings WHERE name = \(bind: name)").first()?.decode(column: "value", as: String.self)
    }

    public func setSetting(_ name: String, to value: String) async throws {
        try await transaction { database in
            try await database.raw(
                """
                INSERT INTO settings (name, value) VALUES (\(bind: name), \(bind: value))
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """
            ).run()
        }
    }

    /// Stores `value` unless the setting exists; returns what is stored. Instances starting
    /// together on an empty database all end up with the first one's value.
    public func setting(_ name: String, orInsert value: String) async throws -> String {
        try await transaction { database in
            try await database.raw("INSERT INTO settings (name, value) VALUES (\(bind: name), \(bind: value)) ON CONFLICT (name) DO NOTHING").run()
            return try await database.raw("SELECT value FROM settings WHERE name = \(bind: name)").first()?.decode(column: "value", as: String.self)
                ?? value
        }
    }
}
