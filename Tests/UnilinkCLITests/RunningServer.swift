import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import UnilinkTestSupport

/// The real `unilink serve` process on a loopback port with its own SQLite file, as the
/// README starts it; its banner is read from stdout like a newcomer reads it.
final class RunningServer {
    let process: Spawned
    let output: URL
    let banner: String
    let port: Int

    convenience init(database: URL, arguments: [String] = [], environment: [String: String] = [:]) async throws {
        try await self.init(
            databaseURL: "sqlite://" + database.path, directory: database.deletingLastPathComponent(),
            arguments: arguments, environment: environment)
    }

    /// A server on any database (`postgres://...` too); its output goes to `directory`.
    init(databaseURL: String, directory: URL, arguments: [String] = [], environment: [String: String] = [:]) async throws {
        output = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
        process = try Spawned(
            JSONLinesAdapterTests.binary.path, ["serve", "--port", "0", "--database-url", databaseURL] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, stdout: .file(output),
            stderr: .file(directory.appendingPathComponent("stderr-\(UUID().uuidString)")))
        var text = ""
        for _ in 0..<600
        where !text.contains("Unilink is listening") || !(text.contains("Try it:") || text.contains("Demo link:") || text.hasSuffix(")\n")) {
            try await Task.sleep(for: .milliseconds(50))
            text = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
            if !process.isRunning { break }
        }
        banner = text
        guard let match = text.firstMatch(of: /listening on http:\/\/127\.0\.0\.1:(\d+)/), let port = Int(match.1) else {
            _ = await process.kill()
            throw ServerDidNotStart(output: text)
        }
        self.port = port
    }

    /// The value after `label` on the banner line that has it.
    func bannerValue(_ label: String) -> String? {
        banner.split(separator: "\n").first { $0.contains(label) }
            .flatMap { $0.split(separator: " ").last.map(String.init) }
    }

    /// SIGTERM, as a service manager stops it; returns the exit status, or throws when it
    /// still runs 10 s later (then it is killed) or ended by a signal.
    func stop() async throws -> Int32 {
        process.signal(SIGTERM)
        switch await process.wait(timeout: .seconds(10)) {
        case .exit(let status): return status
        case .signal(let number): throw ServerDidNotStop(reason: "ended by signal \(number)")
        case nil:
            _ = await process.kill()
            throw ServerDidNotStop(reason: "still running 10 s after SIGTERM")
        }
    }

    struct ServerDidNotStop: Error {
        let reason: String
    }

    struct ServerDidNotStart: Error {
        let output: String
    }
}

/// A plain HTTP client on loopback that never follows redirects and can name any host.
struct LoopbackClient {
    let client: HTTPClient
    let port: Int

    struct Answer {
        let status: Int
        let headers: HTTPHeaders
        let body: String

        var location: String? { headers.first(name: "location") }
    }

    func send(
        _ path: String, method: HTTPMethod = .GET, host: String = "127.0.0.1", userAgent: String? = nil,
        bearer: String? = nil, key: String? = nil, json: String? = nil, form: String? = nil, headers extra: [(String, String)] = []
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        request.headers.replaceOrAdd(name: "Host", value: host)
        if let userAgent { request.headers.add(name: "User-Agent", value: userAgent) }
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        if let key { request.headers.add(name: "X-Unilink-Key", value: key) }
        for (name, value) in extra { request.headers.add(name: name, value: value) }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        if let form { request.body = .bytes(ByteBuffer(string: form)) }
        let response = try await client.execute(request, timeout: .seconds(15))
        let body = try await response.body.collect(upTo: 4 * 1024 * 1024)
        return Answer(status: Int(response.status.code), headers: response.headers, body: String(buffer: body))
    }
}
