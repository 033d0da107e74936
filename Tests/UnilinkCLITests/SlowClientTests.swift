import AsyncHTTPClient
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Slow and many clients against the real binary: stalled and drip-fed connections are
/// closed by the server, and while they hang the association file still answers.
@Suite("Slow and hostile clients")
struct SlowClientTests {
    /// A raw TCP connection to loopback, for what no well-behaved client does.
    final class RawConnection {
        let descriptor: Int32

        init?(port: Int) {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { return nil }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(descriptor)
                return nil
            }
        }

        @discardableResult
        func write(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        }

        /// What arrives until `done` holds for all of it, the server closes, or 60 s pass. It
        /// never blocks in `recv` (a blocked thread is one of the two that every test's tasks
        /// share): it looks, and sleeps 10 ms while nothing has come.
        func read(until done: (String) -> Bool) async -> String {
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 16_384)
            let deadline = ContinuousClock.now + .seconds(60)
            while !done(String(decoding: received, as: UTF8.self)), ContinuousClock.now < deadline {
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                    do { try await Task.sleep(for: .milliseconds(10)) } catch { break }
                    continue
                }
                guard count > 0 else { break }
                received += chunk[0..<count]
            }
            return String(decoding: received, as: UTF8.self)
        }

        /// The server closed its end (a read sees end of file or a reset). Does not wait.
        var isClosedByServer: Bool {
            var byte: UInt8 = 0
            let count = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT))
            return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
        }

        deinit { close(descriptor) }
    }

    @Test func stalledAndDripFedConnectionsAreClosedAndTheAssociationFileStillAnswers() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = http.shutdown() }
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"),
            // 8 s: on a 2-core CI machine busy with other suites (a container booting beside
            // it) the file has answered after more than 4 s.
            environment: ["UNILINK_REQUEST_TIMEOUT_SECONDS": "8"])
        let client = LoopbackClient(client: http, port: server.port)

        var stalled: [RawConnection] = []
        for index in 0..<300 {
            let connection = try #require(RawConnection(port: server.port))
            connection.write("GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: link.localhost\r\nX-Slow-\(index): ")
            stalled.append(connection)
        }
        let dripping = try #require(RawConnection(port: server.port))
        dripping.write("GET / HTTP/1.1\r\nHost: link.localhost\r\n")

        let aasa = try await client.send("/.well-known/apple-app-site-association", host: "link.localhost")
        #expect(aasa.status == 200)
        #expect(aasa.body.contains("applinks"))
        // A server blocked by the hanging connections would answer only once the request timeout
        // had closed them; however slowly a busy machine answers, they must still hang now.
        let hanging = stalled.filter { !$0.isClosedByServer }.count
        #expect(hanging == stalled.count, "the file answers while 300 connections hang (\(hanging) still do)")

        var dripStillOpen = true
        for index in 0..<48 where dripStillOpen {
            try await Task.sleep(for: .milliseconds(250))
            dripStillOpen = dripping.write("X-Drip-\(index): 1\r\n") && !dripping.isClosedByServer
        }
        #expect(!dripStillOpen, "a header dripped byte by byte does not hold the connection")
        // Every stalled connection was accepted before the dripping one, so its deadline has passed too.
        var open = stalled
        let patience = ContinuousClock.now + .seconds(3)
        while !open.isEmpty, ContinuousClock.now < patience {
            try await Task.sleep(for: .milliseconds(100))
            open.removeAll(where: \.isClosedByServer)
        }
        #expect(open.isEmpty, "stalled connections are closed by the server after the request timeout (\(open.count) still open)")
        let again = try await client.send("/.well-known/apple-app-site-association", host: "link.localhost")
        #expect(again.status == 200)
        #expect(try await server.stop() == 0)
    }

    /// A client that sends requests back to back without waiting (HTTP/1.1 pipelining)
    /// gets its answers in the order it asked, whether memory answers one (an association
    /// file, a click on a cached link) or the router (the link debugger, a link only the
    /// store knows); and a link answers the same from the store and from memory.
    @Test func pipelinedRequestsAreAnsweredInOrderAndMemoryAnswersAsTheStoreDoes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-pipelined-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await RunningServer(database: directory.appendingPathComponent("unilink.sqlite"))
        let demoLink = try #require(server.bannerValue("demo link:").flatMap(URL.init(string:)))
        let code = demoLink.path, host = try #require(demoLink.host)
        func get(_ path: String, host: String, agent: String = "Mozilla/5.0 (Windows NT 10.0; Win64; x64)") -> String {
            "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUser-Agent: \(agent)\r\n\r\n"
        }
        /// Each complete answer's head without its Date field, fields joined by `|` (bodies are
        /// measured by their Content-Length, as a client reads them).
        func heads(_ text: String) -> [String] {
            var bytes = Substring(text).utf8[...], heads: [String] = []
            while let end = bytes.firstRange(of: "\r\n\r\n".utf8) {
                let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
                let rest = bytes[end.upperBound...]
                guard rest.count >= length else { break }
                heads.append(
                    head.split(separator: "\r\n").filter { !$0.hasPrefix("Date:") }.map { $0.replacingOccurrences(of: "HTTP/1.1 ", with: "") }.joined(
                        separator: "|"))
                bytes = rest.dropFirst(length)
            }
            return heads
        }

        let connection = try #require(RawConnection(port: server.port))
        // The first click finds the link in the store, the second in memory.
        connection.write(get(code, host: host))
        let fromStore = await connection.read { heads($0).count == 1 }
        connection.write(get(code, host: host))
        let fromMemory = await connection.read { heads($0).count == 1 }
        #expect(heads(fromStore).count == 1)
        #expect(heads(fromStore) == heads(fromMemory))
        #expect(fromMemory.contains("Location: https://www.example.com/"))

        // The debugger's page is made by the router; the file and the click behind it wait for it.
        let iPhone =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
        connection.write(
            get(code + "?d=1", host: host) + get("/.well-known/apple-app-site-association", host: "link.localhost")
                + get("/ZZZZZZZ", host: host) + get(code, host: host) + get(code, host: host, agent: iPhone))
        let answers = heads(await connection.read { heads($0).count == 5 })
        #expect(answers.count == 5)
        #expect(answers.first?.hasPrefix("200 OK|Content-Type: text/html") == true, "the link debugger first")
        #expect(answers.dropFirst().first?.contains("Content-Type: application/json") == true, "then the association file")
        #expect(answers.dropFirst(2).first?.hasPrefix("404 Not Found") == true, "then the unknown code")
        #expect(answers.dropFirst(3).first?.hasPrefix("302 Found|Location: https://www.example.com/") == true, "then the click")
        #expect(answers.last?.hasPrefix("200 OK|Content-Type: text/html") == true, "then the preview page")
        #expect(try await server.stop() == 0)
    }
}
