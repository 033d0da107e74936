import ArgumentParser
import UnilinkCore

struct UserAgentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ua",
        abstract: "Classify User-Agent strings.",
        subcommands: [Classify.self]
    )

    struct Classify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Classify one User-Agent, or JSON Lines {\"id\", \"ua\"} on stdin with --jsonl."
        )

        @Flag(help: "Read {\"id\", \"ua\"} lines on stdin, write {\"id\", \"os\", \"device\", \"app\", \"bot\"} lines.")
        var jsonl = false

        @Argument(help: "A User-Agent string.")
        var userAgent: String?

        func validate() throws {
            if !jsonl, userAgent == nil { throw ValidationError("give a User-Agent string, or --jsonl") }
        }

        func run() {
            if jsonl {
                let adapter = UserAgentClassifyAdapter()
                JSONLines.run { adapter.answer($0) }
                return
            }
            let agent = UserAgent(userAgent ?? "")
            print("os:      \(agent.os.rawValue)\(agent.osVersion.map { " \($0)" } ?? "")")
            print("device:  \(agent.device.rawValue)\(agent.model.map { " (\($0))" } ?? "")")
            print("app:     \(agent.app?.rawValue ?? "none (not an in-app browser)")")
            print("crawler: \(agent.bot?.rawValue ?? "none")")
        }
    }
}
