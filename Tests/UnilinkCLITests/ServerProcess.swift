import Foundation

/// The built `unilink` executable as a child process: its exit status, what it wrote to
/// stdout and stderr, and how long it ran, for the tests of the process's own behaviour
/// (start failures, signals).
final class ServerProcess {
    let process = Process()
    private let output: URL
    private let errors: URL

    init(_ arguments: [String], environment: [String: String] = [:], in directory: URL, runAs user: (uid: UInt32, gid: UInt32)? = nil) throws {
        output = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
        errors = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", JSONLinesAdapterTests.binary.path] + arguments
        } else {
            process.executableURL = JSONLinesAdapterTests.binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("UNILINK_") }
        variables.merge(environment) { $1 }
        process.environment = variables
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
    }

    var stdout: String { String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self) }
    var stderr: String { String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self) }

    /// The exit status, or `nil` when it still runs after `timeout` (then it is killed).
    func exitStatus(within timeout: Duration) async throws -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
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
        kill(process.processIdentifier, number)
    }
}
