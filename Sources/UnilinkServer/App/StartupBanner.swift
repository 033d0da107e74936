import UnilinkCore
import UnilinkStorage

/// What `unilink serve` prints once it listens: where, the secrets shown only once, and
/// a demo link to click.
struct StartupBanner {
    let settings: ServerSettings
    let port: Int
    let adminToken: String?
    let setupToken: String?
    let demo: DemoSetup.Demo?
    let directory: HostDirectory

    var text: String {
        let addressing = HostAddressing(localPort: port)
        var lines = ["Unilink is listening on http://\(settings.host):\(port) (database: \(settings.database.description))"]
        if let setupToken {
            let path = SetupLink.path(setupToken)
            let url =
                settings.dashboardHost.map { "https://\($0)\(path)" }
                ?? "http://\(["0.0.0.0", "::"].contains(settings.host) ? "localhost" : settings.host):\(port)\(path)"
            lines.append("No one has an account yet. Create the first owner (one-time link, 24 hours): \(url)")
        }
        if let adminToken {
            lines.append("Admin token (shown once, stored hashed): \(adminToken)")
        }
        if let demo {
            lines += [
                "Demo app \(demo.appID) on \(DemoSetup.hosts.primary), \(DemoSetup.hosts.alternate), \(DemoSetup.hosts.short)",
                "  secret key (shown once):  \(demo.secretKey)",
                "  publishable key:          \(demo.publishableKey)",
                "  demo link:                \(addressing.url(host: DemoSetup.hosts.short, path: "/" + demo.linkCode, query: nil))",
                "  same link, by alias:      \(addressing.url(host: DemoSetup.hosts.short, path: "/welcome", query: nil))",
                "Try it:",
                "  curl -si \(addressing.url(host: DemoSetup.hosts.short, path: "/welcome", query: nil)) -A 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'",
                "  curl -si \(addressing.url(host: DemoSetup.hosts.primary, path: "/.well-known/apple-app-site-association", query: nil))",
            ]
        } else if let demoHost = directory.host(DemoSetup.hosts.short), demoHost.app.name == "Unilink Demo" {
            lines.append("Demo link: \(addressing.url(host: DemoSetup.hosts.short, path: "/welcome", query: nil))")
        }
        return lines.joined(separator: "\n")
    }
}
