import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One server per SQLite file: an exclusive `flock` on `<file>.lock`, held for as long as
/// the process serves the file. The kernel drops it when the process ends however it
/// ends, so a killed server leaves nothing behind. The lock file carries the holder's
/// pid, for the message the next process prints. (A separate file, because closing any
/// descriptor of the database itself would drop SQLite's own POSIX locks.)
public final class SQLiteFileLock: Sendable {
    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// The lock of the database at `databasePath`, or `DatabaseProblem.inUse` naming the
    /// process that holds it.
    public static func acquire(forDatabase databasePath: String) throws(DatabaseProblem) -> SQLiteFileLock {
        let path = databasePath + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .notWritable(databasePath, "cannot create its lock file \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.pid(in: descriptor)
            close(descriptor)
            throw .inUse(databasePath, pid: holder)
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return SQLiteFileLock(path: path, descriptor: descriptor)
    }

    /// Whether another process holds the lock of `databasePath` now (for commands that may
    /// run beside a server, such as `migrate` on a current schema), with its pid.
    public static func holder(ofDatabase databasePath: String) -> (held: Bool, pid: Int32?) {
        let descriptor = open(databasePath + ".lock", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return (false, nil) }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return (true, pid(in: descriptor)) }
        flock(descriptor, LOCK_UN)
        return (false, nil)
    }

    /// Ends the lock (closing the descriptor drops it); the file stays, harmless.
    public func release() {
        close(descriptor)
    }

    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
