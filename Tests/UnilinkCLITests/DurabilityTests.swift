import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Synchronization
import Testing
import UnilinkAPI
import UnilinkTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nothing acknowledged is lost, tried on the real binary: API writes that answered 2xx
/// survive `kill -9`, and SIGTERM in the middle of a click flood writes every click that
/// got its answer.
@Suite("Nothing acknowledged is lost", .serialized)
struct DurabilityTests {
    static let desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"

    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-durable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func writesThatAnsweredSurviveKillNine() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("unilink.sqlite")
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = http.shutdown() }
        var server = try await RunningServer(database: database)
        var client = LoopbackClient(client: http, port: server.port)
        let secret = try #require(server.bannerValue("secret key (shown once):"))
        var created: [String] = []
        for index in 0..<40 {
            let answer = try await client.send(
                "/v1/links", method: .POST, bearer: secret, json: #"{"path": "/p/\#(index)", "alias": "durable-\#(index)"}"#)
            #expect(answer.status == 201)
            let link = try JSONDecoder().decode(LinkBody.self, from: Data(answer.body.utf8))
            created.append(try #require(link.id))
        }
        #expect(await server.process.kill() == .signal(SIGKILL))

        server = try await RunningServer(database: database)
        client = LoopbackClient(client: http, port: server.port)
        let listed = try await client.send("/v1/links?limit=200", bearer: secret)
        let page = try JSONDecoder().decode(LinkPage.self, from: Data(listed.body.utf8))
        #expect(Set(created).isSubset(of: Set(page.data.compactMap(\.id))), "every link that answered 201 is there")
        #expect(try await server.stop() == 0)
    }

    @Test func sigtermDuringAClickFloodWritesEveryAnsweredClick() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("unilink.sqlite")
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = http.shutdown() }
        var server = try await RunningServer(database: database, environment: ["UNILINK_RATE_LIMITS": "off"])
        let secret = try #require(server.bannerValue("secret key (shown once):"))
        let demoLink = try #require(server.bannerValue("demo link:"))
        let demoPath = try #require(URL(string: demoLink)?.path)
        let client = LoopbackClient(client: http, port: server.port)
        let answered = Tally(), failedBeforeStop = Tally(), stopping = Tally()
        let flood = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        while !Task.isCancelled {
                            guard let answer = try? await client.send(demoPath, host: "go.localhost", userAgent: Self.desktop), answer.status == 302
                            else {
                                // Refusals are expected once the server stops, never before.
                                if stopping.value == 0 { failedBeforeStop.add() }
                                return
                            }
                            answered.add()
                        }
                    }
                }
            }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while answered.value < 1500, failedBeforeStop.value == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(failedBeforeStop.value == 0, "clicks failed while the server was up")
        #expect(answered.value >= 1500, "only \(answered.value) clicks answered in 60 s")
        stopping.add()
        #expect(try await server.stop() == 0)
        flood.cancel()
        await flood.value
        let acknowledged = answered.value

        server = try await RunningServer(database: database)
        let after = LoopbackClient(client: http, port: server.port)
        let links = try JSONDecoder().decode(LinkPage.self, from: Data(try await after.send("/v1/links", bearer: secret).body.utf8))
        let linkID = try #require(links.data.first?.id)
        let stats = try JSONDecoder().decode(LinkStats.self, from: Data(try await after.send("/v1/links/\(linkID)/stats", bearer: secret).body.utf8))
        // Every answered click is stored; at most one more per client was answered as the connection closed.
        #expect(stats.clicks >= acknowledged && stats.clicks <= acknowledged + 16, "stored \(stats.clicks), answered \(acknowledged)")
        #expect(try await server.stop() == 0)
    }
}

final class Tally: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    func add() { count.add(1, ordering: .relaxed) }
}
