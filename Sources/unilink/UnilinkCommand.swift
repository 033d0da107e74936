import ArgumentParser

@main
struct UnilinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unilink",
        abstract: "Self-hosted universal links and deferred deep links.",
        subcommands: [
            ServeCommand.self, MigrateCommand.self, BackupCommand.self, RestoreCommand.self, ImportCommand.self, UsersCommand.self, AASACommand.self,
            AssetLinksCommand.self,
            UserAgentCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )
}
