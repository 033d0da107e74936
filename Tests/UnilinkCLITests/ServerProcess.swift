import Foundation
import UnilinkTestSupport

/// The built `unilink` executable as a child process: its exit status, what it wrote to
/// stdout and stderr, and how long it ran, for the tests of the process's own behaviour
/// (start failures, signals).
final class ServerProcess {
    let process: Spawned
    private let output: URL
    private let errors: URL

    init(_ arguments: [String], environment: [String: String] = [:], in directory: URL, runAs user: (uid: UInt32, gid: UInt32)? = nil) throws {
        output = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
        errors = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("UNILINK_") }
        variables.merge(environment) { $1 }
        let binary = JSONLinesAdapterTests.binary.path
        process = try Spawned(
            user == nil ? binary : "/usr/bin/setpriv",
            user.map { ["--reuid=\($0.uid)", "--regid=\($0.gid)", "--clear-groups", "--", binary] + arguments } ?? arguments,
            environment: variables, directory: directory, stdout: .file(output), stderr: .file(errors))
    }

    var stdout: String { String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self) }
    var stderr: String { String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self) }

    /// How it ended, or `nil` when it still runs after `timeout` (then it is killed).
    func termination(within timeout: Duration) async -> Spawned.Termination? {
        guard let ended = await process.wait(timeout: timeout) else {
            _ = await process.kill()
            return nil
        }
        return ended
    }

    /// Waits (up to 30 s) until stdout contains `text`.
    func waitFor(_ text: String) async throws -> Bool {
        for _ in 0..<1500 {
            if stdout.contains(text) { return true }
            if !process.isRunning { return stdout.contains(text) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// The port of the banner's "listening on http://127.0.0.1:PORT".
    var port: Int? {
        stdout.firstMatch(of: /listening on http:\/\/[^:]+:(\d+)/).flatMap { Int($0.1) }
    }

    func signal(_ number: Int32) {
        process.signal(number)
    }
}
