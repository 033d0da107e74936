import Dispatch
public import Foundation

/// A command run to its end with its output, waited for on a Dispatch thread: tests run in
/// parallel on the few threads Swift's tasks share, and a test blocked in `waitUntilExit`
/// there stalls every other test (a 10-second bound elsewhere failed that way).
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

    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) async throws -> Ran {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = pipe.fileHandleForReading
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let output = reader.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: Ran(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self)))
            }
        }
    }
}
