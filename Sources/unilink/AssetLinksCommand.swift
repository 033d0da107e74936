import ArgumentParser
import Foundation
import UnilinkCore

struct AssetLinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks",
        abstract: "Check a host's assetlinks.json as Android verifies App Links.",
        subcommands: [Check.self]
    )

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a host's assetlinks.json: served with 200, no redirect, application/json, and statements Android accepts.",
            discussion: """
                unilink assetlinks check https://link.example.com
                unilink assetlinks check https://link.example.com --package com.example.app --fingerprint 14:6D:...
                unilink assetlinks check ./assetlinks.json
                Fails (exit 1) when Android would not verify the host.
                """
        )

        @Argument(help: "https://host (its /.well-known/assetlinks.json is fetched), or a file.")
        var source: String

        @Option(help: "This app must be listed (its package name).")
        var package: String?

        @Option(help: "With --package: this SHA-256 certificate fingerprint must be listed for it.")
        var fingerprint: String?

        @OptionGroup var host: HostOptions

        func validate() throws {
            if fingerprint != nil && package == nil { throw ValidationError("--fingerprint needs --package: the app it must be listed for") }
        }

        func run() async throws {
            let file = try await WellKnownFile.load(source, wellKnown: "assetlinks.json", with: host.fetch, as: "Android")
            let data = file.data, origin = file.origin
            var issues = file.issues
            if let caution = host.caution { print(caution) }
            issues += AssetLinksValidator().validate(data, package: package, fingerprint: fingerprint)
            for issue in issues { print(issue) }
            let apps = AssetLinksValidator().apps(in: data)
            print(origin)
            for app in apps { print("  \(app)") }
            if issues.contains(where: { $0.severity == .error }) {
                print("=> Android will not verify this host")
                throw ExitCode(1)
            }
            print("=> OK: \(apps.count) app(s) may handle every URL on this host")
        }
    }
}
