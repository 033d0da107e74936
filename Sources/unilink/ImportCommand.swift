import ArgumentParser
import Foundation
import NIOHTTP1
import UnilinkAPI
import UnilinkServer

/// `unilink import`: links exported from Firebase Dynamic Links, Branch or as JSON, created
/// through the running server's batch API (the API's validation, every instance told).
/// A dry run reports what would be created, what exists already, conflicts and refused
/// destinations, and per link what its old service routed by that no rule here can; a
/// re-run creates nothing twice.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import links from an FDL or Branch export (or JSON) into an app, keeping their short paths."
    )

    @Option(help: "fdl-csv, branch-csv or json.") var format: String
    @Option(help: "The app the links belong to (checked against the key's app).") var app: String?
    @Option(help: "The server's address.") var server = "http://127.0.0.1:8080"
    @Option(help: "The app's secret key (UNILINK_SECRET_KEY).") var key: String?
    @Flag(help: "Report what would happen and change nothing.") var dryRun = false
    @Argument(help: "The export file.") var file: String

    func run() async throws {
        guard let format = LinkImport.Format(rawValue: format) else {
            throw ValidationError("--format must be one of \(LinkImport.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let key = key ?? ProcessInfo.processInfo.environment["UNILINK_SECRET_KEY"], key.hasPrefix("sk_") else {
            throw ValidationError("pass the app's secret key with --key sk_... or UNILINK_SECRET_KEY")
        }
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw ValidationError("cannot read '\(file)': \(error.localizedDescription)")
        }
        let rows: [LinkImport.Row]
        do {
            rows = try LinkImport.rows(text, format: format)
        } catch {
            throw ValidationError("\(error)")
        }
        let readable = rows.filter { $0.body != nil }
        var counts: [String: Int] = [:]
        var creatable: [LinkImport.Row] = []
        var problems: [String] = rows.filter { $0.body == nil }.map { "line \($0.line): unreadable: \($0.problem ?? "?") (\($0.oldURL ?? ""))" }
        counts["unreadable"] = problems.count
        for start in stride(from: 0, to: readable.count, by: 1000) {
            let chunk = Array(readable[start..<min(start + 1000, readable.count)])
            let plan: LinkBatchPlan = try await post(APIPath.linkBatch + "?dry_run=true", chunk.map { $0.body! }, key: key)
            if let app, plan.appID != app { throw ValidationError("the key belongs to app \(plan.appID), not \(app)") }
            for item in plan.data {
                let row = chunk[item.index]
                counts[item.status.rawValue, default: 0] += 1
                switch item.status {
                case .create: creatable.append(row)
                case .exists: break
                case .conflict, .invalid:
                    problems.append("line \(row.line): \(item.status.rawValue): \(item.message ?? "") (\(row.oldURL ?? item.alias ?? ""))")
                }
            }
        }
        var created: [LinkBody] = []
        if !dryRun {
            for start in stride(from: 0, to: creatable.count, by: 1000) {
                let batch: LinkBatch = try await post(
                    APIPath.linkBatch, creatable[start..<min(start + 1000, creatable.count)].map { $0.body! }, key: key)
                created += batch.data
            }
        }
        let verb = dryRun ? "would create" : "created"
        print(
            "\(rows.count) rows: \(verb) \(dryRun ? counts["create", default: 0] : created.count), already there \(counts["exists", default: 0]), "
                + "conflicts \(counts["conflict", default: 0]), refused \(counts["invalid", default: 0]), unreadable \(counts["unreadable", default: 0])"
        )
        for problem in problems { print("  " + problem) }
        // The link is made (or would be) without what its old service routed by and Unilink cannot.
        for row in readable where !row.skipped.isEmpty {
            for skipped in row.skipped { print("  line \(row.line): not routed, kept as data: \(skipped) (\(row.oldURL ?? ""))") }
        }
        for (row, link) in zip(creatable, created).prefix(5) where row.oldURL != nil {
            print("  \(row.oldURL!) -> \(link.shortURL ?? link.longURL ?? "")")
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }

    private func post<Answer: Decodable>(_ path: String, _ bodies: [LinkBody], key: String) async throws -> Answer {
        guard let url = URL(string: server.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + path) else {
            throw ValidationError("--server '\(server)' is not a URL")
        }
        let answer = try await HostFetch().send(
            url, method: .POST, headers: [("Authorization", "Bearer \(key)"), ("Content-Type", "application/json")],
            body: try JSONEncoder().encode(bodies), limit: 64 << 20)
        let status = answer.status, data = answer.body
        guard (200..<300).contains(status) else {
            let message = (try? JSONDecoder().decode(ErrorBody.self, from: data))?.error.message ?? String(decoding: data.prefix(500), as: UTF8.self)
            throw ValidationError("the server answered \(status): \(message)")
        }
        return try JSONDecoder().decode(Answer.self, from: data)
    }
}
