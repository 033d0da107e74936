import UnilinkStorage

extension DatabaseLocation {
    var description: String {
        switch self {
        case .sqliteFile(let path): "SQLite file \(path)"
        case .sqliteMemory: "SQLite in memory"
        case .postgres: "PostgreSQL"
        }
    }
}
