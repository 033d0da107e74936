import ArgumentParser
import Foundation
import Logging
import UnilinkServer
import UnilinkStorage

/// `unilink users create --owner EMAIL`: a one-time link that makes EMAIL an owner with a
/// password of their choosing, from a terminal on the server: the first owner without the
/// setup link, or the way back in when every owner is locked out (it also turns off the
/// account's second factor and enables it again).
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Manage people's accounts from the server's terminal.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a one-time link that makes an owner (new, or an existing account locked out).")

        @Option(help: "The owner's e-mail address.") var owner: String
        @Option(help: ArgumentHelp(stringLiteral: DatabaseOption.help)) var databaseURL: String?
        @Option(help: "Where people open the dashboard (default: https://UNILINK_DASHBOARD_HOST, else http://localhost:8080).") var url: String?

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let location = try DatabaseOption.location(databaseURL), logger = DatabaseOption.logger
            let store: SQLStore
            do {
                store = try await SQLStore.open(location, migrate: true, logger: logger, progress: UpgradeProgressLog().report)
            } catch DatabaseProblem.inUse(let path, let pid) {
                let server = pid.map { "a running unilink (pid \($0))" } ?? "a running unilink"
                FileHandle.standardError.write(
                    Data("Error: \(server) serves \(path), and SQLite lets one process write it: stop it, run this again, start it.\n".utf8))
                throw ExitCode.failure
            } catch let problem as DatabaseProblem {
                FileHandle.standardError.write(Data("Error: \(problem)\n".utf8))
                throw ExitCode.failure
            }
            do {
                let base =
                    url ?? environment["UNILINK_DASHBOARD_HOST"].flatMap { $0.isEmpty ? nil : "https://\($0)" } ?? "http://localhost:8080"
                let (path, existed, email) = try await OwnerLink.make(email: owner, store: store, by: NSUserName())
                try await store.close()
                let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
                print(
                    existed
                        ? "\(email) has an account: the link sets a new password, makes them an owner, and turns off their second factor."
                        : "\(email) gets an owner's account once they choose a password.")
                print("One-time link (valid 7 days): \(trimmed)\(path)")
            } catch {
                try? await store.close()
                FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
                throw ExitCode.failure
            }
        }
    }
}
