import ArgumentParser
import Foundation
import UnilinkCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
            abstract: "Show which app, if any, opens a URL, and the rule that decides."
        )

        @Argument(help: "An AASA file, or an https URL of one (a bare https://host fetches its /.well-known file).")
        var source: String

        @Argument(help: "The link to test, e.g. https://link.example.com/u/42.")
        var url: String

        @Option(name: .customLong("app-id"), help: "Only this app (TEAMID.bundle.id); default: every app in the file.")
        var appID: String?

        func run() async throws {
            let file = try await AASASource(source).load()
            let document: AASADocument
            do { document = try AASADocument(json: file.data) } catch { throw ValidationError(String(describing: error)) }
            guard let link = LinkURL(url) else { throw ValidationError("not an absolute URL: \(url)") }
            let host = file.host ?? link.host
            let matcher = AASAMatcher(document)
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
        }
    }

    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List what must be fixed in an AASA file before devices use it."
        )

        @Argument(help: "An AASA file, or an https URL of one.")
        var source: String

        func run() async throws {
            let file = try await AASASource(source).load()
            for warning in file.warnings { print("warning: \(warning)") }
            let issues = AASAValidator().validate(file.data)
            for issue in issues { print(issue) }
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
    struct Loaded {
        var data: Data
        /// The host the file was served for, when fetched.
        var host: String?
        var warnings: [String]
    }

    let text: String

    init(_ text: String) {
        self.text = text
    }

    func load() async throws -> Loaded {
        guard text.hasPrefix("https://") || text.hasPrefix("http://"), var components = URLComponents(string: text), let host = components.host else {
            do {
                return Loaded(data: try Data(contentsOf: URL(fileURLWithPath: text)), host: nil, warnings: [])
            } catch {
                throw ValidationError("cannot read \(text): \(error.localizedDescription)")
            }
        }
        if components.path.isEmpty || components.path == "/" { components.path = "/.well-known/apple-app-site-association" }
        guard let url = components.url else { throw ValidationError("not a URL: \(text)") }
        let (data, response) = try await URLSession.shared.data(from: url)
        var warnings: [String] = []
        if let http = response as? HTTPURLResponse {
            if http.statusCode != 200 { warnings.append("\(url) answered HTTP \(http.statusCode); Apple needs 200") }
            if let final = http.url, final != url { warnings.append("\(url) redirected to \(final); Apple's fetcher does not follow redirects") }
            if let type = http.value(forHTTPHeaderField: "Content-Type"), !type.hasPrefix("application/json") {
                warnings.append("Content-Type is \(type); serve application/json")
            }
        }
        if url.scheme != "https" { warnings.append("Apple fetches association files over https only") }
        return Loaded(data: data, host: host, warnings: warnings)
    }
}
