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
    static var available: Bool { PythonModule.importable("standardwebhooks") }

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

    private let process = Process()
    private let input = Pipe()
    let port: Int
    private let http: HTTPClient

    init(http: HTTPClient) throws {
        self.http = http
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        // It exits when this closes: at the end, and if the test process dies.
        process.standardInput = input
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")), let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty { line += byte }
        guard let port = String(decoding: line, as: UTF8.self).firstMatch(of: /listening (\d+)/).flatMap({ Int($0.1) }) else {
            throw ReceiverDidNotStart()
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
    }

    struct ReceiverDidNotStart: Error {}

    /// By name: the sender resolves it (and judges what it resolves to) at each delivery.
    var url: String { "http://localhost:\(port)/hook" }

    func trust(secret: String) async throws {
        try await put("/secret?value=\(secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
    }

    /// `ok`, `500`, `hang`, `redirect` or `big`.
    func answer(_ mode: String) async throws {
        try await put("/mode?answer=\(mode)")
    }

    func deliveries() async throws -> Deliveries {
        let response = try await http.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/deliveries"), timeout: .seconds(10))
        return try JSONDecoder().decode(Deliveries.self, from: Data(try await response.body.collect(upTo: 64 * 1024 * 1024).readableBytesView))
    }

    private func put(_ path: String) async throws {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .PUT
        let response = try await http.execute(request, timeout: .seconds(10))
        _ = try await response.body.collect(upTo: 1024)
        #expect(response.status == .noContent)
    }
}
