public import Foundation

/// A command run to its end with its output. Spawned and reaped by `Spawned` (see there
/// why not Foundation's `Process`); waited for by polling, so a test waiting here blocks
/// none of the few threads Swift's tasks share. (One blocked there stops every test in the
/// process: with two cores there are two, and a `waitUntilExit` on each froze the servers,
/// recorders and clients of the tests beside them for as long as the command ran.)
public enum ChildProcess {
    public struct Ran: Sendable {
        public let status: Int32
        /// Standard output, and standard error too when `errors` was `.merged`.
        public let output: String
        /// Standard error when `errors` was `.separate`; empty otherwise.
        public let errors: String

        public init(status: Int32, output: String, errors: String = "") {
            self.status = status
            self.output = output
            self.errors = errors
        }
    }

    /// Where the command's standard error goes.
    public enum Errors: Sendable {
        /// Into `output`, interleaved as written.
        case merged
        /// Into `errors`.
        case separate
        case discarded
    }

    /// A signal's end reads as 128 plus its number, as a shell writes it. `input` is the
    /// command's standard input (none: /dev/null), read from a file so it never blocks on a pipe.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil,
        errors: Errors = .merged
    ) async throws -> Ran {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
        var stdin = Spawned.Stream.null
        if let input {
            let file = folder.appendingPathComponent("in")
            try input.write(to: file)
            let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw SpawnError("\(executable.path): cannot open its input (errno \(errno))") }
            stdin = .descriptor(descriptor)
        }
        let stderr: Spawned.Stream
        switch errors {
        case .merged: stderr = .file(out)
        case .separate: stderr = .file(err)
        case .discarded: stderr = .null
        }
        let child = try Spawned(
            executable.path, arguments, environment: environment, stdin: stdin, stdout: .file(out), stderr: stderr)
        let status: Int32
        switch await child.wait() {
        case .exit(let code): status = code
        case .signal(let number): status = 128 + number
        case nil:
            // Past an hour, or the test was cancelled: it must not outlive the test.
            await child.kill()
            status = -1
        }
        func read(_ file: URL) -> String { String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self) }
        return Ran(status: status, output: read(out), errors: errors == .separate ? read(err) : "")
    }

    /// `run` of a command found on `PATH` (through /usr/bin/env), as a shell would.
    public static func run(
        command: String, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil, errors: Errors = .merged
    ) async throws -> Ran {
        try await run(URL(fileURLWithPath: "/usr/bin/env"), [command] + arguments, environment: environment, input: input, errors: errors)
    }
}
