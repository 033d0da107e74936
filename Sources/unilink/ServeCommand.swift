import ArgumentParser
import Configuration
import Foundation
import Metrics
import Prometheus
import UnilinkServer

/// `unilink serve`: the link server. Flags win over `UNILINK_*` environment variables,
/// which win over the defaults (127.0.0.1:8080, `unilink.sqlite` here).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the link server (the default command)."
    )

    @Option(help: "Address to listen on (UNILINK_HOST, default 127.0.0.1).") var host: String?
    @Option(help: "Port to listen on, 0 for any free port (UNILINK_PORT, default 8080).") var port: Int?
    @Option(help: "sqlite:///path/file.sqlite, sqlite::memory: or postgres://... (UNILINK_DATABASE_URL, default unilink.sqlite).") var databaseURL:
        String?
    @Option(help: "The admin API token (UNILINK_ADMIN_TOKEN; generated and printed once if unset).") var adminToken: String?
    @Option(help: "Comma-separated addresses or CIDRs whose X-Forwarded-For/Forwarded headers are believed (UNILINK_TRUSTED_PROXIES).")
    var trustedProxies: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical (UNILINK_LOG_LEVEL).") var logLevel: String?
    @Flag(help: "Do not create the demo app on an empty database.") var noDemo = false
    @Flag(help: "Do not migrate the schema at start; it must be current ('unilink migrate' in the deploy pipeline) (UNILINK_MIGRATE=false).")
    var noMigrate = false

    func run() async throws {
        var flags: [String: String] = [:]
        flags["UNILINK_HOST"] = host
        flags["UNILINK_PORT"] = port.map(String.init)
        flags["UNILINK_DATABASE_URL"] = databaseURL
        flags["UNILINK_ADMIN_TOKEN"] = adminToken
        flags["UNILINK_TRUSTED_PROXIES"] = trustedProxies
        flags["UNILINK_LOG_LEVEL"] = logLevel
        if noDemo { flags["UNILINK_DEMO"] = "false" }
        if noMigrate { flags["UNILINK_MIGRATE"] = "false" }
        let reader = ConfigReader(providers: [
            EnvironmentVariablesProvider(environmentVariables: flags),
            EnvironmentVariablesProvider(),
        ])
        let signals = StopSignals()
        let settings: ServerSettings
        do {
            settings = try ServerSettings(reader: reader)
        } catch {
            // One line that names the setting; the usage text would bury it.
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            throw ExitCode.validationFailure
        }
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        do {
            try await serve(settings: settings, metrics: registry, stop: signals.request) { banner in
                // Unbuffered, so a script reading the pipe sees the banner at once.
                FileHandle.standardOutput.write(Data((banner + "\n").utf8))
            }
        } catch let failure as StartFailure {
            FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
            throw ExitCode.failure
        }
    }
}
