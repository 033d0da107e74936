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

    /// `endsWithItsInput`: the child reads its standard input and exits at its end by itself
    /// (the tests' Python helpers), so it needs no wrapper, and gets the input a wrapper's
    /// background child would not. `environment` nil passes this process's own.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]?, log: URL, endsWithItsInput: Bool = false
    ) throws {
        self.log = log
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SpawnError("\(executable): no pipe (errno \(errno))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        tether = Mutex(ends[1])
        do {
            process =
                endsWithItsInput
                ? try Spawned(executable, arguments, environment: environment, stdin: .descriptor(ends[0]), stdout: .file(log), stderr: .file(log))
                : try Spawned(
                    "/bin/sh", ["-c", "\"$0\" \"$@\" & child=$!; cat >/dev/null; kill $child; wait $child", executable] + arguments,
                    environment: environment, stdin: .descriptor(ends[0]), stdout: .file(log), stderr: .file(log))
        } catch {
            close(ends[1])
            throw error
        }
    }

    /// What it has written so far.
    public var output: String { String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self) }

    /// The first match of `pattern` in what it writes, once written; nil when it ends first
    /// or `timeout` passes. Looks every 20 ms, blocking no thread meanwhile.
    public func first<Output>(_ pattern: Regex<Output>, within timeout: Duration = .seconds(300)) async -> Output? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let running = process.isRunning
            if let match = output.firstMatch(of: pattern) { return match.output }
            if !running || ContinuousClock.now >= deadline { return nil }
            do { try await Task.sleep(for: .milliseconds(20)) } catch { return nil }
        }
    }

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
