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
            var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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

        /// The server closed its end (a read sees end of file or a reset).
        var isClosedByServer: Bool {
            var byte: UInt8 = 0
            let count = recv(descriptor, &byte, 1, 0)
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
        let server = try await RunningServer(database: directory.appendingPathComponent("unilink.sqlite"),
                                             environment: ["UNILINK_REQUEST_TIMEOUT_SECONDS": "3"])
        let client = LoopbackClient(client: http, port: server.port)

        var stalled: [RawConnection] = []
        for index in 0..<300 {
            let connection = try #require(RawConnection(port: server.port))
            connection.write("GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: link.localhost\r\nX-Slow-\(index): ")
            stalled.append(connection)
        }
        let dripping = try #require(RawConnection(port: server.port))
        dripping.write("GET / HTTP/1.1\r\nHost: link.localhost\r\n")

        let started = ContinuousClock.now
        let aasa = try await client.send("/.well-known/apple-app-site-association", host: "link.localhost")
        #expect(aasa.status == 200)
        #expect(aasa.body.contains("applinks"))
        // A server blocked by the hanging connections would answer only once the 3 s request timeout freed it.
        #expect(ContinuousClock.now - started < .seconds(2), "the file answers while 300 connections hang")

        var dripStillOpen = true
        for index in 0..<15 where dripStillOpen {
            try await Task.sleep(for: .milliseconds(250))
            dripStillOpen = dripping.write("X-Drip-\(index): 1\r\n") && !dripping.isClosedByServer
        }
        #expect(!dripStillOpen, "a header dripped byte by byte does not hold the connection")
        try await Task.sleep(for: .milliseconds(500))
        let closed = stalled.filter(\.isClosedByServer).count
        #expect(closed == stalled.count, "stalled connections are closed by the server after the request timeout")
        let again = try await client.send("/.well-known/apple-app-site-association", host: "link.localhost")
        #expect(again.status == 200)
        #expect(try await server.stop() == 0)
    }
}
