import Foundation

/// Runs a JSON Lines adapter: one object in per line on stdin, one object out per line
/// on stdout (flushed, so a peer waiting for each answer is never stuck), problems on stderr.
/// A bad line gets an answer too; the run never stops on one.
enum JSONLines {
    static func run(_ answer: (String) -> (output: String, problem: String?)) {
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy(\.isWhitespace) { continue }
            let (output, problem) = answer(line)
            if let problem { printToStandardError(problem) }
            print(output)
            fflush(nil)
        }
    }
}

func printToStandardError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
