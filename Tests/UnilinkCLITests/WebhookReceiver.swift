import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import UnilinkTestSupport

/// Tests/WebhookReceiver/receiver.py as a child process: a real HTTP receiver on loopback
/// that verifies each delivery with PyPI's `standardwebhooks` as it arrives and answers as
/// it is told (an outage, a hang, a redirect, a 10 MB body).
final class WebhookReceiver {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("WebhookReceiver/receiver.py")
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_STANDARDWEBHOOKS"] != nil }
    static func available() async -> Bool { await Installed.pythonModule("standardwebhooks") }
    /// Whether its tests run here: CI requires them, or the verifier is installed.
    static func runsHere() async -> Bool { required ? true : await available() }

    struct Delivery: Decodable {
        let id: String
        let timestamp: Int
        let type: String
        let data: [String: JSONValue]
    }

    struct Deliveries: Decodable {
        /// Every POST, verified or not, answered 2xx or not.
        let raw: Int
        let unverified: Int
        /// Verified and answered 2xx, unique by `webhook-id`.
        let unique: [Delivery]
    }

    enum JSONValue: Decodable, Equatable {
        case string(String), number(Double), bool(Bool), null, other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .other
            }
        }

        var string: String? { if case .string(let text) = self { text } else { nil } }
    }

    /// It exits when its input closes: at the end, and if the test process dies.
    private let process: TetheredProcess
    let port: Int
    private let http: HTTPClient

    init(http: HTTPClient) async throws {
        self.http = http
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-receiver-\(UUID().uuidString).log")
        process = try TetheredProcess("/usr/bin/env", ["python3", Self.script.path], environment: nil, log: log, endsWithItsInput: true)
        guard let port = await process.first(/listening (\d+)/).flatMap({ Int($0.1) }) else {
            throw ReceiverDidNotStart(output: process.output)
        }
        self.port = port
    }

    deinit { try? FileManager.default.removeItem(at: process.log) }

    struct ReceiverDidNotStart: Error {
        let output: String
    }

    /// By name: the sender resolves it (and judges what it resolves to) at each delivery.
    var url: String { "http://localhost:\(port)/hook" }

    func trust(secret: String) async throws {
        try await put("/secret?value=\(secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
    }

    /// `ok`, `500`, `hang`, `redirect` or `big`; with `first`, a message's first attempt
    /// gets that answer instead, and only its retries `mode`.
    func answer(_ mode: String, first: String? = nil) async throws {
        try await put("/mode?answer=\(mode)" + (first.map { "&first=\($0)" } ?? ""))
    }

    func deliveries() async throws -> Deliveries {
        let response = try await http.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/deliveries"), timeout: .seconds(60))
        return try JSONDecoder().decode(Deliveries.self, from: Data(try await response.body.collect(upTo: 64 * 1024 * 1024).readableBytesView))
    }

    private func put(_ path: String) async throws {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .PUT
        let response = try await http.execute(request, timeout: .seconds(60))
        _ = try await response.body.collect(upTo: 1024)
        #expect(response.status == .noContent)
    }
}
