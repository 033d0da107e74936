import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import UnilinkTestSupport

/// `unilink users create --owner EMAIL` from a terminal, then the real server: the printed
/// link makes the owner once, the same command later lets a locked-out owner choose a new
/// password, and the audit log names the command line (and the system user) as the inviter.
@Suite("unilink users create", .serialized)
struct UsersCommandTests {
    static let admin = "adm_users_test_token_0123456789abcdef"
    static let form = [("Content-Type", "application/x-www-form-urlencoded")]

    static func unilink(_ arguments: [String]) async throws -> ChildProcess.Ran {
        try await ChildProcess.run(JSONLinesAdapterTests.binary, arguments)
    }

    /// The link's path, read from the command's output as a person reads it.
    static func link(_ ran: ChildProcess.Ran) throws -> String {
        let match = try #require(
            ran.output.firstMatch(of: /One-time link \(valid 7 days\): https:\/\/links\.example\.com(\/invitations\/[A-Za-z0-9]{43})\n/),
            "\(ran.output)")
        return String(match.1)
    }

    static func choose(_ password: String, at path: String, _ loopback: LoopbackClient) async throws -> LoopbackClient.Answer {
        let encoded = password.replacingOccurrences(of: " ", with: "+")
        return try await loopback.send(path, method: .POST, form: "name=Olga&password=\(encoded)&confirm=\(encoded)", headers: form)
    }

    static func signIn(_ password: String, _ loopback: LoopbackClient) async throws -> LoopbackClient.Answer {
        try await loopback.send(
            "/sign-in", method: .POST, form: "email=olga%40example.com&password=\(password.replacingOccurrences(of: " ", with: "+"))",
            headers: form)
    }

    @Test func theOwnerLinkMakesAnOwnerAndTheLogNamesTheCommandLine() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-users-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("unilink.sqlite")
        let databaseURL = "sqlite://" + database.path
        let environment = ["UNILINK_ADMIN_TOKEN": Self.admin, "UNILINK_RATE_LIMITS": "off"]
        let arguments = ["users", "create", "--owner", "Olga@Example.com", "--database-url", databaseURL, "--url", "https://links.example.com/"]

        // A fresh installation, the server not running: the command makes the database and the link.
        let first = try await Self.unilink(arguments)
        #expect(
            first.status == 0 && first.output.contains("olga@example.com gets an owner's account"),
            "the address she signs in with, not as typed: \(first.output)")
        let firstLink = try Self.link(first)

        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        var server = try await RunningServer(database: database, environment: environment)
        do {
            var loopback = LoopbackClient(client: http, port: server.port)
            let accepted = try await Self.choose("first password here", at: firstLink, loopback)
            #expect(accepted.status == 303, "\(accepted.body)")
            let cookie = try #require(accepted.headers.first(name: "set-cookie")?.split(separator: ";").first.map(String.init))
            let people = try await loopback.send("/people", headers: [("Cookie", cookie)])
            #expect(people.status == 200 && people.body.contains("olga@example.com"), "only an owner sees the people page")
            #expect(try await Self.choose("another password", at: firstLink, loopback).status != 303, "the link works once")

            // SQLite has one writer: beside the running server the command refuses and says why.
            let beside = try await Self.unilink(arguments)
            #expect(beside.status != 0 && beside.output.contains("a running unilink"), "\(beside.output)")
            #expect(try await server.stop() == 0)

            // Locked out: the same command for the same address lets her choose a new password.
            let again = try await Self.unilink(arguments)
            #expect(again.status == 0 && again.output.contains("olga@example.com has an account"), "\(again.output)")
            let secondLink = try Self.link(again)
            server = try await RunningServer(database: database, environment: environment)
            loopback = LoopbackClient(client: http, port: server.port)
            #expect(try await Self.choose("second password here", at: secondLink, loopback).status == 303)
            #expect(try await Self.signIn("first password here", loopback).status == 401, "the old password is gone")
            #expect(try await Self.signIn("second password here", loopback).status == 303)

            // Each link was the command line's, by the system user who ran it; each use the person's.
            let log = try await loopback.send("/v1/audit?action=user.invitation.create", bearer: Self.admin)
            let entries = try JSONDecoder().decode(AuditListing.self, from: Data(log.body.utf8)).data
            #expect(entries.count == 2, "one entry per successful run: \(log.body)")
            #expect(entries.allSatisfy { $0.actor.kind == "command_line" && $0.actor.id == NSUserName() }, "\(log.body)")
            let accepts = try await loopback.send("/v1/audit?action=user.invitation.accept", bearer: Self.admin)
            #expect(accepts.body.components(separatedBy: "\"user.invitation.accept\"").count - 1 == 2, "\(accepts.body)")
            #expect(try await server.stop() == 0)
        } catch {
            _ = try? await server.stop()
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
    }
}
