import Foundation
import Synchronization
import UnilinkAPI

@testable import Unilink

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers from a script and records every request (unit tests only;
/// the end-to-end tests use the real server). A test can await requests the SDK or the app
/// sends from tasks of their own (`requests(to:count:)`).
final class ScriptedTransport: UnilinkTransport {
    typealias Answer = @Sendable (_ path: String, _ body: Data) throws -> (status: Int, body: Data)

    struct Request: Sendable {
        let path: String
        let body: Data

        /// The JSON body as a dictionary (empty when it is not one).
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
    }

    private struct Waiter {
        let id: UUID
        let path: String
        let count: Int
        let continuation: CheckedContinuation<[Request], Never>
    }

    private struct Log {
        var requests: [Request] = []
        var waiters: [Waiter] = []

        func requests(to path: String) -> [Request] { requests.filter { $0.path == path } }
    }

    private let log = Mutex(Log())
    private let answer: Answer

    init(_ answer: @escaping Answer) {
        self.answer = answer
    }

    var paths: [String] { log.withLock { $0.requests.map(\.path) } }

    func post(_ url: URL, headers: [String: String], body: Data) async throws -> (status: Int, body: Data) {
        let satisfied = log.withLock { log in
            log.requests.append(Request(path: url.path, body: body))
            let ready = log.waiters.filter { log.requests(to: $0.path).count >= $0.count }
            log.waiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
            return ready.map { ($0.continuation, Array(log.requests(to: $0.path).prefix($0.count))) }
        }
        for (continuation, requests) in satisfied { continuation.resume(returning: requests) }
        return try answer(url.path, body)
    }

    /// The first `count` requests to `path`, as soon as they have been sent. Cancelled (a
    /// test's time limit), it returns those sent so far, so the test fails instead of hanging.
    func requests(to path: String, count: Int) async -> [Request] {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: [Request]? = log.withLock { log in
                    let sent = log.requests(to: path)
                    if sent.count >= count || Task.isCancelled { return Array(sent.prefix(count)) }
                    log.waiters.append(Waiter(id: id, path: path, count: count, continuation: continuation))
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let cancelled = log.withLock { log -> (CheckedContinuation<[Request], Never>, [Request])? in
                guard let index = log.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                let waiter = log.waiters.remove(at: index)
                return (waiter.continuation, log.requests(to: path))
            }
            if let (continuation, sent) = cancelled { continuation.resume(returning: sent) }
        }
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
    static let device = DeviceInfo(
        os: .ios, osVersion: "18.1", model: "iPhone15,2", screenWidth: 393, screenHeight: 852, screenScale: 3,
        languages: ["de-DE"], timeZone: "Europe/Berlin", appVersion: "5.3.0")
    static let found =
        #"{"status": "found", "deep_link": {"url": "https://link.example.com/u/42", "path": "/u/42", "deep_link_value": "user", "deep_link_sub1": "42", "is_deferred": false, "click_event": {"ref": "x"}}}"#
    static let deferredFound =
        #"{"status": "found", "deep_link": {"url": "https://link.example.com/u/7", "path": "/u/7", "deep_link_value": "item", "is_deferred": true, "match_type": "probabilistic", "confidence": 0.8, "click_id": "c1", "click_event": {}}}"#

    static func sdk(_ transport: ScriptedTransport, storage: MemoryStorage = MemoryStorage(), configuration: UnilinkConfiguration = configuration)
        -> Unilink
    {
        Unilink(configuration: configuration, transport: transport, storage: storage, deviceInfo: { device })
    }
}
