import Foundation
import Testing
import UnilinkTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The built executable as a service manager meets it: a start that cannot happen is one
/// line and a non-zero exit (never a crash), one server per SQLite file, and SIGTERM or
/// SIGINT stop it in bounded time with the answered clicks stored.
@Suite("Starts, fails and stops like a service", .serialized)
struct ServiceLifecycleTests {
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-lifecycle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Readable by the unprivileged user the low-port row runs as.
        chmod(directory.path, 0o777)
        return directory
    }

    static let admin = ["UNILINK_ADMIN_TOKEN": "adm_lifecycle_test_token_0123456789"]

    /// A crash prints a backtrace or dies of a signal; a clean refusal does neither.
    static func expectClean(_ run: ServerProcess, status: Spawned.Termination?, _ comment: String) {
        #expect(
            !run.stderr.contains("Fatal error") && !run.stderr.contains("Backtrace") && !run.stderr.contains("Assertion failed"),
            "\(comment): \(run.stderr)")
        if case .signal(let number) = status { Issue.record("\(comment): ended by signal \(number)") }
    }

    @Test func aSecondServerOnATakenPortSaysWhichAddressAndExitsEveryTime() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try ServerProcess(["serve", "--port", "0", "--database-url", "first.sqlite"], environment: Self.admin, in: directory)
        #expect(try await first.waitFor("Unilink is listening"))
        let port = try #require(first.port)
        // The crash it replaces came in 5 starts of 8: try several times.
        for attempt in 0..<5 {
            let second = try ServerProcess(
                ["serve", "--port", "\(port)", "--database-url", "second-\(attempt).sqlite"], environment: Self.admin, in: directory)
            let status = await second.termination(within: .seconds(15))
            #expect(status == .exit(1), "attempt \(attempt): \(second.stderr)")
            Self.expectClean(second, status: status, "attempt \(attempt)")
            let lines = second.stderr.split(separator: "\n")
            #expect(lines.last?.hasPrefix("Error: 127.0.0.1:\(port) is already in use") == true, "\(second.stderr)")
            #expect(second.stderr.contains("--port") && second.stderr.contains("UNILINK_PORT"))
            // The address was checked before the database was touched: nothing was created.
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("second-\(attempt).sqlite").path))
        }
        first.signal(SIGTERM)
        #expect(await first.termination(within: .seconds(15)) == .exit(0))
    }

    @Test func oneServerPerSQLiteFileAndAKilledOneLeavesNoLock() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try ServerProcess(["serve", "--port", "0", "--database-url", "shared.sqlite"], environment: Self.admin, in: directory)
        #expect(try await first.waitFor("Unilink is listening"))
        let second = try ServerProcess(["serve", "--port", "0", "--database-url", "shared.sqlite"], environment: Self.admin, in: directory)
        #expect(await second.termination(within: .seconds(15)) == .exit(1))
        #expect(second.stderr.contains("shared.sqlite is served by another unilink (pid \(first.process.processIdentifier))"), "\(second.stderr)")
        #expect(second.stderr.contains("PostgreSQL"))
        #expect(!second.stdout.contains("listening"))

        // Beside the server: migrate on the current schema has nothing to do, and says so.
        let migrate = try ServerProcess(["migrate", "--database-url", "shared.sqlite"], in: directory)
        #expect(await migrate.termination(within: .seconds(15)) == .exit(0), "\(migrate.stderr)")
        #expect(migrate.stdout.contains("current") && migrate.stdout.contains("Nothing to do"), "\(migrate.stdout)")

        // A server killed outright holds nothing: the next one starts on the file.
        first.signal(SIGKILL)
        _ = await first.termination(within: .seconds(5))
        let third = try ServerProcess(["serve", "--port", "0", "--database-url", "shared.sqlite"], environment: Self.admin, in: directory)
        #expect(try await third.waitFor("Unilink is listening"), "\(third.stderr)")
        third.signal(SIGINT)
        #expect(await third.termination(within: .seconds(15)) == .exit(0))
    }

    /// Each way a start meets the world, with the one line a person then reads.
    @Test func everyStartFailureIsOneLineAndANonZeroExit() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a database, a note\n".utf8).write(to: directory.appendingPathComponent("note.sqlite"))
        let foreign = directory.appendingPathComponent("other-app.sqlite").path
        var cases: [(arguments: [String], environment: [String: String], status: Int32, says: String)] = [
            (["--admin-token", "x"], [:], 64, "is only 1 character long (at least 24 needed)"),
            ([], ["UNILINK_ADMIN_TOKEN": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"], 64, "has only 1 different characters"),
            (["--host", "192.0.2.1"], Self.admin, 1, "no network interface of this machine has the address 192.0.2.1"),
            (["--database-url", "sqlite:///nonexistent-\(UUID().uuidString)/unilink.sqlite"], Self.admin, 1, "does not exist"),
            (["--database-url", "note.sqlite"], Self.admin, 1, "note.sqlite is not a SQLite database"),
            (
                ["--database-url", "postgres://ul:secret@127.0.0.1:1/unilink"], Self.admin.merging(["UNILINK_DATABASE_WAIT": "1"]) { $1 }, 1,
                "PostgreSQL at postgres://ul@127.0.0.1:1/unilink could not be reached within 1 s (UNILINK_DATABASE_WAIT): connection refused"
            ),
        ]
        // Another program's SQLite database: tables, none of them Unilink's.
        try await Self.makeForeignDatabase(foreign)
        cases.append((["--database-url", foreign], Self.admin, 1, "is another program's SQLite database (tables customers)"))
        if let server = TestDatabase.postgresURL, var components = URLComponents(string: server) {
            components.user = "no_such_role"
            components.password = "secret"
            cases.append(
                (["--database-url", components.string ?? ""], Self.admin, 1, #"refused the connection: role "no_such_role" does not exist"#))
            components = URLComponents(string: server) ?? components
            components.path = "/no_such_database"
            cases.append((["--database-url", components.string ?? ""], Self.admin, 1, #"database "no_such_database" does not exist"#))
        }
        for (arguments, environment, expected, says) in cases {
            let defaults = arguments.contains("--database-url") ? [] : ["--database-url", "default-\(UUID().uuidString).sqlite"]
            let run = try ServerProcess(["serve", "--port", "0"] + defaults + arguments, environment: environment, in: directory)
            let status = await run.termination(within: .seconds(20))
            #expect(status == .exit(expected), "\(arguments): \(run.stderr)")
            Self.expectClean(run, status: status, "\(arguments)")
            let last = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.hasPrefix("Error: ") && last.contains(says), "\(arguments): \(last)")
            #expect(!run.stderr.contains("secret"), "the password was printed")
        }
    }

    /// A port below 1024 as a user who may not take one.
    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs a non-root user or setpriv"))
    func aLowPortWithoutThePrivilegeSaysSo() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let user: (uid: UInt32, gid: UInt32)? = getuid() == 0 ? (65534, 65534) : nil
        let run = try ServerProcess(
            ["serve", "--port", "81", "--database-url", "sqlite::memory:"], environment: Self.admin, in: directory, runAs: user)
        #expect(await run.termination(within: .seconds(15)) == .exit(1), "\(run.stderr)")
        #expect(run.stderr.contains("not allowed to listen on 127.0.0.1:81"), "\(run.stderr)")
    }

    /// SIGTERM with connections that never finish their request and one idle keep-alive:
    /// exit 0 well within 10 s, and every click answered before it is stored.
    @Test func sigtermStopsInBoundedTimeAndStoresEveryAnsweredClick() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("stop.sqlite").path
        let server = try ServerProcess(["serve", "--port", "0", "--database-url", database], environment: Self.admin, in: directory)
        #expect(try await server.waitFor("Try it:"))
        let port = try #require(server.port)
        let clicks = 50
        for _ in 0..<clicks {
            let connection = try #require(SlowClientTests.RawConnection(port: port))
            connection.write(
                "GET /welcome HTTP/1.1\r\nHost: go.localhost\r\nUser-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64)\r\nConnection: close\r\n\r\n")
            #expect(await connection.read { $0.contains("\r\n\r\n") }.hasPrefix("HTTP/1.1 302"))
        }
        let stalled = (0..<20).compactMap { _ in SlowClientTests.RawConnection(port: port) }
        for connection in stalled { connection.write("GET /welcome HTTP/1.1\r\nHost: go.loc") }
        let idle = try #require(SlowClientTests.RawConnection(port: port))
        idle.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await idle.read { $0.contains("\"ok\"") }.contains("200"))

        let end = server.process.watchEnd()
        let start = ContinuousClock.now
        server.signal(SIGTERM)
        let status = await server.termination(within: .seconds(12))
        let took = try #require(await end.instant()) - start
        #expect(status == .exit(0), "\(server.stderr)\(server.stdout)")
        #expect(took < .seconds(10), "the stop took \(took)")
        #expect(!server.stdout.contains("CancellationError") && !server.stderr.contains("CancellationError"))
        let file = try await SQLiteFile(path: database)
        let stored = try await file.integer("SELECT COUNT(*) FROM clicks")
        try await file.close()
        #expect(stored == clicks)
    }

    /// Stopped while it waits for PostgreSQL: at once, status 0, and it says so.
    @Test func aStopDuringTheDatabaseWaitEndsTheStartAtOnce() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(
            ["serve", "--port", "0", "--database-url", "postgres://ul:secret@127.0.0.1:1/unilink"],
            environment: Self.admin.merging(["UNILINK_DATABASE_WAIT": "120"]) { $1 }, in: directory)
        try await Task.sleep(for: .milliseconds(800))
        #expect(server.process.isRunning, "it stopped waiting by itself: \(server.stderr)")
        let end = server.process.watchEnd()
        let start = ContinuousClock.now
        server.signal(SIGTERM)
        #expect(await server.termination(within: .seconds(10)) == .exit(0), "\(server.stdout)\(server.stderr)")
        #expect(try #require(await end.instant()) - start < .seconds(3))
        #expect(server.stdout.contains("stopped before the server started") || server.stderr.contains("stopped before the server started"))
    }

    /// A stop that has to wait (its last clicks cannot be written while another process
    /// holds SQLite's write lock) ends at once on a second signal.
    @Test func aSecondSignalExitsAtOnce() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("held.sqlite").path
        let server = try ServerProcess(["serve", "--port", "0", "--database-url", database], environment: Self.admin, in: directory)
        #expect(try await server.waitFor("Try it:"))
        let port = try #require(server.port)
        // Another program's write transaction (not a unilink: the lock file does not stop it).
        let holder = try await SQLiteFile(path: database)
        try await holder.execute("BEGIN IMMEDIATE")
        let connection = try #require(SlowClientTests.RawConnection(port: port))
        connection.write(
            "GET /welcome HTTP/1.1\r\nHost: go.localhost\r\nUser-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64)\r\nConnection: close\r\n\r\n")
        #expect(await connection.read { $0.contains("\r\n\r\n") }.hasPrefix("HTTP/1.1 302"))
        server.signal(SIGTERM)
        try await Task.sleep(for: .milliseconds(700))
        #expect(server.process.isRunning, "the stop did not wait for the held database: the test shows nothing")
        let end = server.process.watchEnd()
        let start = ContinuousClock.now
        server.signal(SIGTERM)
        #expect(await server.termination(within: .seconds(5)) == .exit(128 + SIGTERM))
        #expect(try #require(await end.instant()) - start < .seconds(2))
        #expect(server.stderr.contains("second SIGTERM, exiting at once"))
        try await holder.close()
    }

    static func makeForeignDatabase(_ path: String) async throws {
        let file = try await SQLiteFile(path: path)
        try await file.execute("CREATE TABLE customers (id INTEGER)")
        try await file.close()
    }
}
