public import Foundation

/// A command run to its end with its output. Spawned and reaped by `Spawned` (see there
/// why not Foundation's `Process`); waited for by polling, so a test waiting here blocks
/// none of the few threads Swift's tasks share.
public enum ChildProcess {
    public struct Ran: Sendable {
        public let status: Int32
        /// Standard output and standard error together.
        public let output: String

        public init(status: Int32, output: String) {
            self.status = status
            self.output = output
        }
    }

    /// A signal's end reads as 128 plus its number, as a shell writes it.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) async throws -> Ran {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let child = try Spawned(executable.path, arguments, environment: environment, stdout: .file(log), stderr: .file(log))
        let status: Int32
        switch await child.wait() {
        case .exit(let code): status = code
        case .signal(let number): status = 128 + number
        case nil:
            // Past an hour, or the test was cancelled: it must not outlive the test.
            await child.kill()
            status = -1
        }
        return Ran(status: status, output: String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self))
    }
}
