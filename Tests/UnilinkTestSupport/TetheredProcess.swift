public import Foundation
import Synchronization

/// A long-running child (Caddy, pebble) that lives only while the test holds its standard
/// input: a /bin/sh wrapper runs it in the background and kills it at end of input, so it
/// stops whatever ends the test, a crashed test process included.
public final class TetheredProcess {
    /// Its standard output and standard error.
    public let log: URL
    private let process: Spawned
    /// The write end of the child's standard input, close-on-exec so no other child holds
    /// it; nil once closed (a descriptor closed twice may be another file's by then).
    private let tether: Mutex<Int32?>

    public init(_ executable: String, _ arguments: [String], environment: [String: String], log: URL) throws {
        self.log = log
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SpawnError("\(executable): no pipe (errno \(errno))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        tether = Mutex(ends[1])
        do {
            process = try Spawned(
                "/bin/sh", ["-c", "\"$0\" \"$@\" & child=$!; cat >/dev/null; kill $child; wait $child", executable] + arguments,
                environment: environment, stdin: .descriptor(ends[0]), stdout: .file(log), stderr: .file(log))
        } catch {
            close(ends[1])
            throw error
        }
    }

    /// What it has written so far.
    public var output: String { String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self) }

    /// Lets go of its input and waits for it to be gone (again: at once).
    public func stop() async {
        if let descriptor = tether.withLock({ $0.take() }) { close(descriptor) }
        _ = await process.wait()
    }

    /// A test that ends without `stop()` (a failed expectation) still lets go.
    deinit {
        if let descriptor = tether.withLock({ $0.take() }) { close(descriptor) }
    }
}
