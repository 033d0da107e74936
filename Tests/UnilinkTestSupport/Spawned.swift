import Dispatch
public import Foundation
import Synchronization

/// A child process started with `posix_spawn` and reaped by its own pid.
///
/// Not Foundation's `Process`: on Linux it sometimes never saw a child end (the suite hung
/// with every test waiting and no child left, or `isRunning` stayed true ten seconds after
/// the child was gone and reading `terminationStatus` then trapped). Here the test asks the
/// kernel itself, `waitpid(pid, WNOHANG)`, and nothing else in the process reaps these pids.
public final class Spawned: Sendable {
    public enum Termination: Sendable, Equatable {
        case exit(Int32)
        case signal(Int32)
    }

    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        case null
        /// A file, created or truncated.
        case file(URL)
        /// One end of a pipe the caller keeps the other end of (closed here once spawned).
        case descriptor(Int32)
    }

    public let processIdentifier: pid_t
    private let ended = Mutex<Termination?>(nil)

    /// Starts `executable` (a path, not searched for) with `arguments`; `environment` nil
    /// passes this process's own. Descriptors other than the three standard ones are not
    /// inherited, so a pipe held here reaches its end when this side closes it.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            let descriptor: Int32
            switch stream {
            // Close-on-exec here too (the child's `dup2` copy is not): no other child inherits them.
            case .null: descriptor = open("/dev/null", (target == 0 ? O_RDONLY : O_WRONLY) | O_CLOEXEC)
            case .file(let url): descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
            case .descriptor(let given): descriptor = given
            }
            guard descriptor >= 0 else { throw SpawnError("\(executable): cannot open the stream for descriptor \(target) (errno \(errno))") }
            opened.append(descriptor)
            posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        }
        guard let closeFrom = Self.closeFrom, closeFrom(&actions, 3) == 0 else {
            throw SpawnError("\(executable): cannot close the descriptors past 2 (glibc 2.34 or later has posix_spawn_file_actions_addclosefrom_np)")
        }
        if let directory {
            guard let changeDirectory = Self.changeDirectory, changeDirectory(&actions, directory.path) == 0 else {
                throw SpawnError("\(executable): cannot change to \(directory.path)")
            }
        }
        let argv = ([executable] + arguments).map { strdup($0) }
        defer { for argument in argv { free(argument) } }
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
        defer { for variable in variables { free(variable) } }
        // A child starts as from a shell: no signal blocked (the spawning thread may be one of
        // Dispatch's, which block most) and every signal at its default action.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], variables + [nil])
        guard result == 0 else { throw SpawnError("\(executable): posix_spawn failed (\(String(cString: strerror(result))))") }
        processIdentifier = pid
    }

    // glibc's `_np` file actions (2.29 and 2.34), which Swift's Glibc module does not
    // declare: a daemon a test starts (pg_ctl's postgres) must not inherit this process's
    // descriptors, or a pipe here never reaches its end while it lives.
    private static let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }
    private static let changeDirectory = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }

    /// How it ended, or nil while it runs.
    public var termination: Termination? {
        ended.withLock { ended in
            reap(&ended)
            return ended
        }
    }

    /// Asks the kernel once, unless it already said; the caller holds the lock, so the pid
    /// is never reaped (and free for the kernel to give to another process) meanwhile.
    private func reap(_ ended: inout Termination?) {
        guard ended == nil else { return }
        var status: Int32 = 0
        if waitpid(processIdentifier, &status, WNOHANG) == processIdentifier {
            // The macros WIFEXITED and friends, spelled out: the low 7 bits are the signal, 0 for an exit.
            ended = status & 0x7f == 0 ? .exit((status >> 8) & 0xff) : .signal(status & 0x7f)
        }
    }

    public var isRunning: Bool { termination == nil }

    /// Waits for its end, looking every 20 ms; nil when it still runs after `timeout` or when
    /// the waiting task is cancelled (a test's time limit).
    public func wait(timeout: Duration = .seconds(3600)) async -> Termination? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let termination { return termination }
            if ContinuousClock.now >= deadline { return nil }
            do { try await Task.sleep(for: .milliseconds(20)) } catch { return termination }
        }
    }

    /// Sends `number` (SIGTERM when not given) unless it has already been reaped.
    public func signal(_ number: Int32 = SIGTERM) {
        ended.withLock { ended in
            reap(&ended)
            if ended == nil { Glibc.kill(processIdentifier, number) }
        }
    }

    /// When it ends, as a thread of its own sees it: a test timing how soon a child exits
    /// must not count the time its own tasks waited for one of the threads they share.
    /// Started before the signal whose answer is timed.
    public func watchEnd() -> EndWatch {
        let watch = EndWatch()
        let pid = processIdentifier
        let thread = Thread {
            var info = siginfo_t()
            // WNOWAIT: the child stays to be reaped here, by `termination`, as before.
            var result: Int32
            repeat { result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) } while result == -1 && errno == EINTR
            watch.saw(ended: result == 0 ? ContinuousClock.now : nil)
        }
        thread.start()
        return watch
    }

    /// SIGKILL and its end, for a child that must be gone (nil only if it outlives 10 s).
    @discardableResult
    public func kill() async -> Termination? {
        signal(SIGKILL)
        return await wait(timeout: .seconds(10))
    }

    /// A child still running when the test lets go of it goes on as before (a tethered
    /// child ends by itself) and is reaped whenever it ends, on a Dispatch thread.
    deinit {
        if termination == nil {
            let pid = processIdentifier
            DispatchQueue.global().async {
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        }
    }
}

/// Where `Spawned.watchEnd()` records the child's end.
public final class EndWatch: Sendable {
    /// nil until the thread saw the end; then the instant, or nil inside when the child was
    /// reaped before the thread asked (an end it cannot time).
    private let seen = Mutex<ContinuousClock.Instant??>(nil)

    fileprivate func saw(ended: ContinuousClock.Instant?) { seen.withLock { $0 = .some(ended) } }

    /// The instant the child ended, waiting up to `timeout` for the thread to say it.
    public func instant(waitingUpTo timeout: Duration = .seconds(60)) async -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let seen = seen.withLock({ $0 }) { return seen }
            do { try await Task.sleep(for: .milliseconds(10)) } catch { return nil }
        }
        return nil
    }
}

public struct SpawnError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
