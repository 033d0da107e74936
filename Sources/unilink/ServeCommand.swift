import ArgumentParser

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the link server (the default command)."
    )

    func run() async throws {
        print(UnilinkCommand.helpMessage())
    }
}
