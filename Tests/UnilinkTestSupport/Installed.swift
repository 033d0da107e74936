import Foundation
import Synchronization

/// Whether an interpreter can load a module the tests need (PyPI's providers, verifiers and
/// clients; Perl's MaxMind writer): a test needing one skips without it, unless CI requires
/// it. Asked once per process and module, without blocking a thread while the interpreter
/// starts.
public enum Installed {
    public static func pythonModule(_ module: String) async -> Bool {
        await answer("python3 \(module)") { await runs("python3", ["-c", "import \(module)"]) }
    }

    /// A Perl module, as `perl -M` names it.
    public static func perlModule(_ module: String) async -> Bool {
        await answer("perl \(module)") { await runs("perl", ["-M\(module)", "-e", "1"]) }
    }

    private static func runs(_ command: String, _ arguments: [String]) async -> Bool {
        (try? await ChildProcess.run(command: command, arguments, errors: .discarded).status) == 0
    }

    /// The first asker runs the check; later ones wait for its answer.
    private static let answers = Mutex<[String: Task<Bool, Never>]>([:])

    private static func answer(_ key: String, _ check: @escaping @Sendable () async -> Bool) async -> Bool {
        let task = answers.withLock { answers in
            if let known = answers[key] { return known }
            let task = Task { await check() }
            answers[key] = task
            return task
        }
        return await task.value
    }
}
