import Foundation
import UnilinkAPI
import Synchronization
@testable import Unilink
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from a script and counts calls (unit tests only; the
/// end-to-end tests use the real server).
final class ScriptedTransport: UnilinkTransport {
    typealias Answer = @Sendable (_ path: String, _ body: Data) throws -> (status: Int, body: Data)
    private let calls = Mutex<[String]>([])
    private let answer: Answer

    init(_ answer: @escaping Answer) {
        self.answer = answer
    }

    var paths: [String] { calls.withLock { $0 } }

    func post(_ url: URL, headers: [String: String], body: Data) async throws -> (status: Int, body: Data) {
        calls.withLock { $0.append(url.path) }
        return try answer(url.path, body)
    }

    static func json(_ text: String, status: Int = 200) -> (status: Int, body: Data) { (status, Data(text.utf8)) }
}

/// In-memory key-value storage standing in for UserDefaults.
final class MemoryStorage: UnilinkKeyValueStore {
    private let values = Mutex<[String: String]>([:])
    func string(forKey key: String) -> String? { values.withLock { $0[key] } }
    func set(_ value: String?, forKey key: String) { values.withLock { $0[key] = value } }
}

enum Fixture {
    static let configuration = UnilinkConfiguration(
        publishableKey: "pk_test", apiBaseURL: URL(string: "https://link.example.com")!,
        linkHosts: ["link.example.com", "open.example.com", "exm.pl"], schemes: ["shop"], retryDelay: 0.001
    )
    static let device = DeviceInfo(os: .ios, osVersion: "18.1", model: "iPhone15,2", screenWidth: 393, screenHeight: 852, screenScale: 3,
                                   languages: ["de-DE"], timeZone: "Europe/Berlin", appVersion: "5.3.0")
    static let found = #"{"status": "found", "deep_link": {"url": "https://link.example.com/u/42", "path": "/u/42", "deep_link_value": "user", "deep_link_sub1": "42", "is_deferred": false, "click_event": {"ref": "x"}}}"#
    static let deferredFound = #"{"status": "found", "deep_link": {"url": "https://link.example.com/u/7", "path": "/u/7", "deep_link_value": "item", "is_deferred": true, "match_type": "probabilistic", "confidence": 0.8, "click_id": "c1", "click_event": {}}}"#

    static func sdk(_ transport: ScriptedTransport, storage: MemoryStorage = MemoryStorage(), configuration: UnilinkConfiguration = configuration) -> Unilink {
        Unilink(configuration: configuration, transport: transport, storage: storage, deviceInfo: { device })
    }
}
