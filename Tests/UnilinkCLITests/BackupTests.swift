import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Synchronization
import Testing
import UnilinkTestSupport

/// `unilink backup` and `unilink restore` on a real server's SQLite file while clicks are
/// being written: the copy passes its check and holds every click stored before the backup
/// began; a backup never overwrites, a restore never replaces a database in use, and a
/// restored database serves what the backup held.
@Suite("Backups of a served database", .serialized)
struct BackupTests {
    static let admin = "adm_backup_test_token_0123456789abcdef"
    static let desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

    static func unilink(_ arguments: [String]) async throws -> ChildProcess.Ran {
        try await ChildProcess.run(JSONLinesAdapterTests.binary, arguments)
    }

    /// The link's people's clicks as its stats count them (stored clicks only).
    static func clicks(_ loopback: LoopbackClient, link: String, key: String) async throws -> Int {
        let stats = try await loopback.send("/v1/links/\(link)/stats", bearer: key)
        return Int(try #require(stats.body.firstMatch(of: /"clicks":(\d+)/)?.1, "\(stats.body)")) ?? -1
    }

    @Test func aBackupTakenUnderClicksHoldsEveryStoredClickAndRestores() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["KEEP"] == nil { try? FileManager.default.removeItem(at: directory) } }
        let database = directory.appendingPathComponent("unilink.sqlite")
        let copy = directory.appendingPathComponent("backup.sqlite")
        let environment = ["UNILINK_ADMIN_TOKEN": Self.admin, "UNILINK_RATE_LIMITS": "off"]
        let server = try await RunningServer(database: database, environment: environment)
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let loopback = LoopbackClient(client: http, port: server.port)
        do {

            let created = try await loopback.send(
                "/v1/apps", method: .POST, bearer: Self.admin,
                json:
                    #"{"name": "Shop", "web": {"fallback_url": "https://www.example.com/"}, "domains": [{"host": "go.backup.example", "role": "short"}]}"#
            )
            let key = try #require(created.body.firstMatch(of: /"secret_key":"([^"]+)"/)?.1).description
            let made = try await loopback.send("/v1/links", method: .POST, bearer: key, json: #"{"path": "/p/1", "alias": "one"}"#)
            let link = try #require(made.body.firstMatch(of: /"id":"(lnk_[^"]+)"/)?.1).description

            // Clicks go on, all through the backup.
            let running = Atomic<Bool>(true)
            let clicking = Task {
                var answered = 0
                while running.load(ordering: .relaxed) {
                    if (try? await loopback.send("/one", host: "go.backup.example", userAgent: Self.desktop))?.status == 302 { answered += 1 }
                }
                return answered
            }
            var stored = 0
            for _ in 0..<200 where stored < 300 {
                try await Task.sleep(for: .milliseconds(50))
                stored = try await Self.clicks(loopback, link: link, key: key)
            }
            #expect(stored >= 300, "clicks were stored before the backup")
            let before = try await Self.clicks(loopback, link: link, key: key)
            let backup = try await Self.unilink(["backup", copy.path, "--database-url", "sqlite://" + database.path])
            running.store(false, ordering: .relaxed)
            let answered = await clicking.value
            #expect(backup.status == 0 && backup.output.contains("integrity ok"), "\(backup.output)")
            #expect(answered > before, "clicks went on while the backup ran")
            let mode = try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "the copy holds the server's secrets: its owner alone reads it")

            // Never over an existing file, never into a folder that is not there; the copy untouched.
            let size = try FileManager.default.attributesOfItem(atPath: copy.path)[.size] as? Int
            let again = try await Self.unilink(["backup", copy.path, "--database-url", "sqlite://" + database.path])
            #expect(again.status != 0 && again.output.contains("exists"), "\(again.output)")
            #expect(try FileManager.default.attributesOfItem(atPath: copy.path)[.size] as? Int == size)
            let nowhere = try await Self.unilink([
                "backup", directory.path + "/no/such/folder/b.sqlite", "--database-url", "sqlite://" + database.path,
            ])
            #expect(nowhere.status != 0 && nowhere.output.contains("could not write"), "\(nowhere.output)")
            // A folder it may not write in: read-only to a user; as root (who may write
            // anywhere a mode allows), sysfs, where no file can be made.
            let locked = directory.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
            let forbidden = getuid() == 0 ? "/sys/unilink-backup.sqlite" : locked.appendingPathComponent("b.sqlite").path
            let denied = try await Self.unilink(["backup", forbidden, "--database-url", "sqlite://" + database.path])
            #expect(denied.status != 0 && denied.output.contains("could not write"), "\(denied.output)")
            #expect(!FileManager.default.fileExists(atPath: forbidden))
            // A disk that fills up part way (a 64 KiB file-size limit stands in for it): a clear
            // error, no half-written copy left, and the source still whole.
            let full = directory.appendingPathComponent("full.sqlite")
            let filled = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"),
                [
                    "-c", "trap '' XFSZ; ulimit -f 64; exec \"$0\" backup \"$1\" --database-url \"$2\"", JSONLinesAdapterTests.binary.path, full.path,
                    "sqlite://" + database.path,
                ])
            #expect(filled.status != 0 && filled.output.contains("could not write"), "\(filled.output)")
            #expect(!FileManager.default.fileExists(atPath: full.path), "no partial copy is left")
            // A database in use is not replaced.
            let refused = try await Self.unilink(["restore", copy.path, "--database-url", "sqlite://" + database.path])
            #expect(refused.status != 0 && refused.output.contains("stop the server"), "\(refused.output)")
            let after = try await Self.clicks(loopback, link: link, key: key)
            #expect(try await server.stop() == 0)

            // The copy on its own: a server on it counts at least the clicks stored before the backup began.
            let onCopy = try await RunningServer(database: copy, environment: environment)
            let held = try await Self.clicks(LoopbackClient(client: http, port: onCopy.port), link: link, key: key)
            #expect(held >= before && held <= after, "the backup holds \(held): \(before) were stored before it, \(after) after")
            let whole = try await Self.unilink([
                "backup", directory.appendingPathComponent("again.sqlite").path, "--database-url", "sqlite://" + database.path,
            ])
            #expect(whole.status == 0 && whole.output.contains("integrity ok"), "the source is whole after the failed backups: \(whole.output)")
            #expect(try await onCopy.stop() == 0)

            // Restored in place of the database, which is moved aside, not lost.
            let restored = try await Self.unilink(["restore", copy.path, "--database-url", "sqlite://" + database.path])
            #expect(restored.status == 0 && restored.output.contains("before-restore"), "\(restored.output)")
            let aside = try #require(restored.output.firstMatch(of: /to (\S+before-restore-\d+)\./)?.1).description
            #expect(FileManager.default.fileExists(atPath: aside))
            let back = try await RunningServer(database: database, environment: environment)
            #expect(try await Self.clicks(LoopbackClient(client: http, port: back.port), link: link, key: key) == held)
            #expect(try await back.stop() == 0)
        } catch {
            _ = try? await server.stop()
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
    }

    /// Restored by root (as the deployment guide does, the service stopped), the database
    /// still belongs to the service's own user, so the service starts on it again.
    @Test(.enabled(if: getuid() == 0, "only root can restore a database that another user owns"))
    func aRestoreByRootKeepsTheDatabasesOwner() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("unilink.sqlite").path
        #expect(try await Self.unilink(["migrate", "--database-url", "sqlite://" + database]).status == 0)
        let copy = directory.appendingPathComponent("copy.sqlite").path
        #expect(try await Self.unilink(["backup", copy, "--database-url", "sqlite://" + database]).status == 0)
        let serviceUser: uid_t = 61_184  // the first of the uids systemd gives DynamicUser= services
        #expect(chown(database, serviceUser, gid_t(serviceUser)) == 0)

        let restored = try await Self.unilink(["restore", copy, "--database-url", "sqlite://" + database])
        #expect(restored.status == 0, "\(restored.output)")
        let attributes = try FileManager.default.attributesOfItem(atPath: database)
        #expect((attributes[.ownerAccountID] as? NSNumber)?.uint32Value == serviceUser)
        #expect((attributes[.groupOwnerAccountID] as? NSNumber)?.uint32Value == serviceUser)
    }

    /// A folder of backups as a timer keeps it: each run adds one named after its moment,
    /// and `--keep 2` leaves the two newest, never touching a file it did not name.
    @Test func aFolderOfBackupsKeepsTheNewestAndNothingElseIsRemoved() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-backups-\(UUID().uuidString)")
        let backups = directory.appendingPathComponent("backups")
        try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = "sqlite://" + directory.appendingPathComponent("unilink.sqlite").path
        #expect(try await Self.unilink(["migrate", "--database-url", database]).status == 0)
        let theirs = ["notes.txt", "unilink-old.sqlite", "unilink-2020-01-01.sqlite"]
        for name in theirs { _ = FileManager.default.createFile(atPath: backups.appendingPathComponent(name).path, contents: Data("x".utf8)) }
        var taken: [String] = []
        for _ in 0..<3 {
            let run = try await Self.unilink(["backup", backups.path + "/", "--keep", "2", "--database-url", database])
            #expect(run.status == 0 && run.output.contains("integrity ok"), "\(run.output)")
            taken.append(try #require(run.output.firstMatch(of: /to \S+\/(unilink-[^ ]+\.sqlite) in/)?.1).description)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: backups.path).sorted()
        #expect(left == (theirs + taken.suffix(2)).sorted())
        let refused = try await Self.unilink([
            "backup", directory.appendingPathComponent("one.sqlite").path, "--keep", "2", "--database-url", database,
        ])
        #expect(refused.status != 0 && refused.output.contains("--keep needs a folder"), "\(refused.output)")
    }
}
