import ArgumentParser
import Foundation
import UnilinkCore

struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Check, validate and match apple-app-site-association files.",
        subcommands: [Decide.self, Check.self, Validate.self]
    )

    struct Decide: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "JSON Lines on stdin: {\"id\", \"aasa\", \"domain\", \"appId\", \"url\"} -> {\"id\", \"decision\"}."
        )

        func run() {
            var adapter = AASADecideAdapter()
            JSONLines.run { adapter.answer($0) }
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a host's AASA file as Apple fetches it, and show which app, if any, opens a URL.",
            discussion: """
                unilink aasa check https://link.example.com             the file as Apple's CDN fetches it: 200, no redirect, valid
                unilink aasa check https://link.example.com URL         ...and which app opens URL, by which rule
                unilink aasa check ./apple-app-site-association URL     a file on disk
                Fails (exit 1) when the file has an error or cannot be fetched as Apple would.
                """
        )

        @Argument(help: "An AASA file, or an https URL of one (a bare https://host fetches its /.well-known file).")
        var source: String

        @Argument(help: "A link to test, e.g. https://link.example.com/u/42.")
        var url: String?

        @Option(name: .customLong("app-id"), help: "Only this app (TEAMID.bundle.id); default: every app in the file.")
        var appID: String?

        @OptionGroup var host: HostOptions

        func run() async throws {
            let file = try await AASASource(source, fetch: host.fetch).load()
            for warning in file.issues { print("\(warning.severity.rawValue): \(warning.message)") }
            if let caution = host.caution { print(caution) }
            let issues = AASAValidator().validate(file.data)
            for issue in issues { print(issue) }
            let document: AASADocument
            do { document = try AASADocument(json: file.data) } catch { throw ValidationError(String(describing: error)) }
            let matcher = AASAMatcher(document)
            let failed = (file.issues + issues).contains { $0.severity == .error }
            guard let url else {
                print(file.origin)
                if matcher.appIDs.isEmpty { print("  the file names no app under applinks") }
                for candidate in matcher.appIDs { print("  \(candidate)") }
                print(failed ? "=> Apple will not use this file" : "=> OK: \(file.data.count) bytes, \(matcher.appIDs.count) app(s)")
                if failed { throw ExitCode(1) }
                return
            }
            guard let link = LinkURL(url) else { throw ValidationError("not an absolute URL: \(url)") }
            let host = file.host ?? link.host
            let appIDs = appID.map { [$0] } ?? matcher.appIDs
            print(url)
            if appIDs.isEmpty { print("  the file names no app under applinks") }
            var opener: String?
            for candidate in appIDs {
                let verdict = matcher.decide(appID: candidate, url: link, host: host)
                let reason = verdict.rule.map { "by \($0)" } ?? verdict.note.map { "(\($0))" } ?? "(no rule matches)"
                print("  \(candidate): \(verdict.decision.rawValue) \(reason)")
                if verdict.decision == .match, opener == nil { opener = candidate }
            }
            print(opener.map { "=> opens in \($0)" } ?? "=> opens in the browser")
            if failed { throw ExitCode(1) }
        }
    }

    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List what must be fixed in an AASA file before devices use it."
        )

        @Argument(help: "An AASA file, or an https URL of one.")
        var source: String

        @OptionGroup var host: HostOptions

        func run() async throws {
            let file = try await AASASource(source, fetch: host.fetch).load()
            for warning in file.issues { print("\(warning.severity.rawValue): \(warning.message)") }
            if let caution = host.caution { print(caution) }
            let issues = file.issues + AASAValidator().validate(file.data)
            for issue in issues.dropFirst(file.issues.count) { print(issue) }
            let errors = issues.filter { $0.severity == .error }.count
            if errors == 0 {
                print("OK: \(file.data.count) bytes, \(issues.count) warning(s)")
            } else {
                print("\(errors) error(s), \(issues.count - errors) warning(s)")
                throw ExitCode(1)
            }
        }
    }
}

/// Where an AASA file comes from: a local path or an https URL (fetched as a device would).
struct AASASource {
    let text: String
    let fetch: HostFetch

    init(_ text: String, fetch: HostFetch = HostFetch()) {
        self.text = text
        self.fetch = fetch
    }

    func load() async throws -> WellKnownFile.Loaded {
        try await WellKnownFile.load(text, wellKnown: "apple-app-site-association", with: fetch, as: "Apple")
    }
}
