/// Where the data lives, from `UNILINK_DATABASE_URL`.
public enum DatabaseLocation: Sendable, Equatable {
    case sqliteFile(path: String)
    case sqliteMemory
    case postgres(url: String)

    public static let defaultLocation = DatabaseLocation.sqliteFile(path: "unilink.sqlite")

    /// `sqlite:///abs/path.sqlite`, `sqlite://relative.sqlite`, `sqlite::memory:`,
    /// `postgres://...`, or a bare file path.
    public init(_ text: String) throws(StoreError) {
        if text == "sqlite::memory:" || text == ":memory:" {
            self = .sqliteMemory
        } else if text.hasPrefix("sqlite://") {
            let path = String(text.dropFirst("sqlite://".count))
            guard !path.isEmpty else { throw .invalidInput("UNILINK_DATABASE_URL 'sqlite://' names no file") }
            self = .sqliteFile(path: path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else if text.contains("://") {
            throw .invalidInput("UNILINK_DATABASE_URL '\(text)' is neither sqlite:// nor postgres://")
        } else {
            self = .sqliteFile(path: text)
        }
    }
}
