import Foundation
import SQLKit

#if canImport(Glibc)
    import Glibc
#endif

/// What must hold of a SQLite file before Unilink serves it, each with the sentence that
/// says what to do: its folder exists and can be written (SQLite keeps `-wal` and `-shm`
/// beside it), the file can be read and written, and it is a Unilink database or empty.
enum SQLiteFileCheck {
    static func check(_ path: String) throws(DatabaseProblem) {
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw .notWritable(path, "the folder \(folder) does not exist")
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw .notWritable(path, "its folder \(folder) is not writable by this user (SQLite keeps -wal and -shm files beside the database)")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard !isFolder.boolValue else { throw .notWritable(path, "it is a folder, not a file") }
            guard access(path, R_OK | W_OK) == 0 else { throw .notWritable(path, "the file is not readable and writable by this user") }
        }
    }

    /// A database with tables but without `schema_migrations` belongs to another program:
    /// migrating it would mix Unilink's tables into it.
    static func checkTables(of database: any SQLDatabase, path: String) async throws {
        let tables = try await database.raw("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()
            .map { try $0.decode(column: "name", as: String.self) }
        guard !tables.isEmpty, !tables.contains("schema_migrations") else { return }
        throw DatabaseProblem.foreign(path, tables: tables)
    }
}
