/// Why the database could not be opened, in words a person starting the server can act
/// on: the file, the database's own reason, the URL without its password.
public enum DatabaseProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process serves this SQLite file.
    case inUse(String, pid: Int32?)
    /// The file or its folder cannot be written (the reason from the system).
    case notWritable(String, String)
    /// The file is not a SQLite database at all.
    case notADatabase(String)
    /// A SQLite database of something else: tables, but not Unilink's.
    case foreign(String, tables: [String])
    /// A newer build of Unilink wrote this schema, with a step (`stopping`) that this
    /// build's instances may not serve.
    case newerSchema(found: Int, supported: Int, stopping: Int)
    /// `unilink migrate --rolling` found steps to apply that need the older instances stopped.
    case notRolling(steps: [Int], current: Int)
    /// PostgreSQL answered and refused (wrong password, no such role or database...).
    case refused(url: String, reason: String)
    /// PostgreSQL could not be reached within the wait.
    case unreachable(url: String, reason: String, waited: Double)

    public var description: String {
        switch self {
        case .inUse(let path, let pid):
            let holder = pid.map { "another unilink (pid \($0))" } ?? "another unilink"
            return "\(path) is served by \(holder); stop it first, or use PostgreSQL to run several instances"
        case .notWritable(let path, let reason):
            return "cannot write the database \(path): \(reason)"
        case .notADatabase(let path):
            return "\(path) is not a SQLite database; point UNILINK_DATABASE_URL at a new file or an existing Unilink database"
        case .foreign(let path, let tables):
            let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", ..." : "")
            return "\(path) is another program's SQLite database (tables \(shown)) and not Unilink's; point UNILINK_DATABASE_URL at a new file"
        case .newerSchema(let found, let supported, let stopping):
            return
                "the database schema is at version \(found), written by a newer unilink; this build knows versions up to \(supported), "
                + "and step \(stopping) needs the builds before it stopped: run the newer build"
        case .notRolling(let steps, let current):
            let named = steps.map(String.init).joined(separator: ", ")
            return
                "the schema is at version \(current) and step\(steps.count == 1 ? "" : "s") \(named) cannot be applied while instances of the build "
                + "before serve (the build before would not work on it): stop those instances, then run 'unilink migrate' without --rolling"
        case .refused(let url, let reason):
            return "PostgreSQL at \(url) refused the connection: \(reason)"
        case .unreachable(let url, let reason, let waited):
            return "PostgreSQL at \(url) could not be reached within \(Self.seconds(waited)) (UNILINK_DATABASE_WAIT): \(reason)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// `postgres://user:secret@host/db` as `postgres://user@host/db`: never print a password.
    public static func redacted(_ url: String) -> String {
        let characters = Array(url)
        guard
            let schemeEnd = (0..<max(0, characters.count - 2)).first(where: {
                characters[$0] == ":" && characters[$0 + 1] == "/" && characters[$0 + 2] == "/"
            })
        else { return url }
        let start = schemeEnd + 3
        let end = characters[start...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? characters.count
        guard let at = characters[start..<end].lastIndex(of: "@"), let colon = characters[start..<at].firstIndex(of: ":") else { return url }
        return String(characters[..<colon]) + String(characters[at...])
    }
}
