import Dispatch
import Foundation
import UnilinkTestSupport

/// A long-running child (Caddy, pebble) that lives only while the test holds its standard
/// input: a /bin/sh wrapper runs it in the background and kills it at end of input, so it
/// stops whatever ends the test, a crashed test process included.
final class TetheredProcess {
    /// Its standard output and standard error.
    let log: URL
    private let process = Process()
    private let input = Pipe()

    init(_ executable: String, _ arguments: [String], environment: [String: String], log: URL) throws {
        self.log = log
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" \"$@\" & child=$!; cat >/dev/null; kill $child; wait $child", executable] + arguments
        process.environment = environment
        process.standardInput = input
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    /// What it has written so far.
    var output: String { String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self) }

    /// Lets go of its input and waits for it to be gone, on a Dispatch thread (see ChildProcess).
    func stop() async {
        try? input.fileHandleForWriting.close()
        let process = process
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
    }
}
