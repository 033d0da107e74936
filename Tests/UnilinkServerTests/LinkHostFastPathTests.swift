import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Testing

@testable import UnilinkServer

/// The channel's fast path with a stand-in for what memory answers (`/known` only): what it
/// answers never reaches Hummingbird, what it does not goes on whole, and answers keep the
/// requests' order.
@Suite("Link host fast path")
struct LinkHostFastPathTests {
    static func fastPath() -> LinkHostFastPath {
        LinkHostFastPath(serverName: "unilink") { request, peer in
            guard request.path == "/known" else { return nil }
            return BufferedResponse(status: .found, headers: [.location: "https://www.example.com/\(peer ?? "-")"], body: ByteBuffer())
        }
    }

    static func connection() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: fastPath())
        try channel.connect(to: SocketAddress(ipAddress: "192.0.2.7", port: 4711)).wait()
        return channel
    }

    static func request(_ channel: EmbeddedChannel, _ path: String, fields: HTTPFields = [:], body: String? = nil) throws {
        try channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .get, scheme: "http", authority: "go.example.com", path: path, headerFields: fields)))
        if let body { try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: body))) }
        try channel.writeInbound(HTTPRequestPart.end(nil))
    }

    /// What went on to Hummingbird: the paths of the heads, and how many parts in all.
    static func handedOn(_ channel: EmbeddedChannel) throws -> (paths: [String], parts: Int) {
        var paths: [String] = [], parts = 0
        while let part = try channel.readInbound(as: HTTPRequestPart.self) {
            parts += 1
            if case .head(let head) = part { paths.append(head.path ?? "") }
        }
        return (paths, parts)
    }

    /// The heads written to the client, in order, once the event loop has finished its turn.
    static func answered(_ channel: EmbeddedChannel) throws -> [HTTPResponse] {
        channel.embeddedEventLoop.run()
        var heads: [HTTPResponse] = []
        while let part = try channel.readOutbound(as: HTTPResponsePart.self) {
            if case .head(let head) = part { heads.append(head) }
        }
        return heads
    }

    @Test func whatMemoryAnswersIsAnsweredWithHummingbirdsFieldsAndGoesNoFurther() throws {
        let channel = try Self.connection()
        try Self.request(channel, "/known")
        let heads = try Self.answered(channel)
        #expect(heads.count == 1)
        #expect(heads.first?.status == .found)
        #expect(heads.first?.headerFields[.location] == "https://www.example.com/192.0.2.7")
        #expect(heads.first?.headerFields[.contentLength] == "0")
        #expect(heads.first?.headerFields[.server] == "unilink")
        #expect(heads.first?.headerFields[.date]?.hasSuffix(" GMT") == true)
        #expect(try Self.handedOn(channel).parts == 0)
        #expect(channel.isActive)
    }

    @Test func aRequestMemoryCannotAnswerGoesOnWhole() throws {
        let channel = try Self.connection()
        try Self.request(channel, "/other", body: "ignored")
        let handed = try Self.handedOn(channel)
        #expect(handed.paths == ["/other"])
        #expect(handed.parts == 3)
        #expect(try Self.answered(channel).isEmpty)
    }

    @Test func answersWaitBehindARequestHandedOnUntilItsResponseEnds() throws {
        let channel = try Self.connection()
        try Self.request(channel, "/other")
        try Self.request(channel, "/known")
        // Both went on: answering the second now would put its answer before the first's.
        #expect(try Self.handedOn(channel).paths == ["/other", "/known"])
        #expect(try Self.answered(channel).isEmpty)
        for status: HTTPResponse.Status in [.notFound, .found] {
            try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: status)))
            try channel.writeOutbound(HTTPResponsePart.end(nil))
        }
        #expect(try Self.answered(channel).map(\.status) == [.notFound, .found])
        // Both responses ended: the next one is answered here again.
        try Self.request(channel, "/known")
        #expect(try Self.answered(channel).map(\.status) == [.found])
        #expect(try Self.handedOn(channel).parts == 0)
    }

    @Test func aBodyIsReadAndDroppedBeforeTheAnswer() throws {
        let channel = try Self.connection()
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: .get, scheme: "http", authority: "go.example.com", path: "/known")))
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "part one")))
        #expect(try Self.answered(channel).isEmpty)
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "part two")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        #expect(try Self.answered(channel).count == 1)
        #expect(try Self.handedOn(channel).parts == 0)
    }

    @Test func connectionCloseClosesAfterTheAnswer() throws {
        let channel = try Self.connection()
        try Self.request(channel, "/known", fields: [.connection: "close"])
        #expect(try Self.answered(channel).count == 1)
        #expect(!channel.isActive)
    }

    @Test func aServerStoppingMidRequestAnswersItBeforeClosing() throws {
        let channel = try Self.connection()
        let witness = EventWitness()
        try channel.pipeline.syncOperations.addHandler(witness)
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: .get, scheme: "http", authority: "go.example.com", path: "/known")))
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        #expect(channel.isActive)
        #expect(!witness.quiesced, "it would close the connection before the answer")
        try channel.writeInbound(HTTPRequestPart.end(nil))
        #expect(try Self.answered(channel).map(\.status) == [.found])
        #expect(!channel.isActive)
    }

    /// Stands for Hummingbird's connection handler: notes the events that reach it.
    final class EventWitness: ChannelInboundHandler {
        typealias InboundIn = HTTPRequestPart
        var quiesced = false

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if event is ChannelShouldQuiesceEvent { quiesced = true }
        }
    }

    @Test func aServerStoppingBetweenRequestsLetsHummingbirdCloseTheConnection() throws {
        let channel = try Self.connection()
        let witness = EventWitness()
        try channel.pipeline.syncOperations.addHandler(witness)
        try Self.request(channel, "/known")
        #expect(try Self.answered(channel).count == 1)
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        #expect(witness.quiesced, "the event goes on to the handler that closes idle connections")
    }

    @Test func aPeerThatDoesNotReadGetsHummingbirdsBackpressure() throws {
        let channel = try Self.connection()
        channel.isWritable = false
        try Self.request(channel, "/known")
        #expect(try Self.handedOn(channel).paths == ["/known"])
        #expect(try Self.answered(channel).isEmpty)
    }

    @Test func theDateIsTheIMFFixdateOfTheSecond() {
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDate.format(1_795_391_999) == "Sun, 22 Nov 2026 23:59:59 GMT")
        #expect(HTTPDate.format(-1) == "Wed, 31 Dec 1969 23:59:59 GMT")
        var date = HTTPDate()
        let now = Date.now
        #expect(date.now(now) == HTTPDate.format(Int64(now.timeIntervalSince1970.rounded(.down))))
    }

    /// The pipeline Hummingbird's HTTP/1 channel builds, with the fast path behind the codec,
    /// bytes in and bytes out.
    static func wire() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        try channel.pipeline.syncOperations.addHandler(fastPath())
        try channel.connect(to: SocketAddress(ipAddress: "192.0.2.7", port: 4711)).wait()
        return channel
    }

    static func written(_ channel: EmbeddedChannel) throws -> String {
        channel.embeddedEventLoop.run()
        var text = ""
        while let buffer = try channel.readOutbound(as: IOData.self) {
            guard case .byteBuffer(let bytes) = buffer else { continue }
            text += String(buffer: bytes)
        }
        return text
    }

    /// Answers go out when the event loop has read what every ready connection sent, not
    /// one by one: a client woken once takes several answers (on a VM, each wake-up of
    /// another core is an interrupt the server's core pays for).
    @Test func answersAreFlushedAtTheEndOfTheEventLoopsTurn() throws {
        let channel = try Self.wire()
        try channel.writeInbound(ByteBuffer(string: "GET /known HTTP/1.1\r\nHost: go.example.com\r\n\r\n"))
        #expect(try channel.readOutbound(as: IOData.self) == nil, "nothing is flushed while the loop is reading")
        #expect(try Self.written(channel).hasPrefix("HTTP/1.1 302 Found\r\n"))
    }

    /// The answer's head skips the codec (it is written as NIOHTTP1's head), not the
    /// response encoder: the bytes are the codec's, and a HEAD request behind it still gets
    /// a head without a body (the encoder pairs each head with its request's method, so a
    /// head written past it would pair Hummingbird's next answer with the wrong request).
    @Test func onTheWireAnAnswerIsWhatTheCodecWritesAndTheRequestsStayPaired() throws {
        let channel = try Self.wire()
        try channel.writeInbound(ByteBuffer(string: "GET /known HTTP/1.1\r\nHost: go.example.com\r\n\r\n"))
        let answer = try Self.written(channel)
        let lines = answer.components(separatedBy: "\r\n")
        #expect(Array(lines.prefix(3)) == ["HTTP/1.1 302 Found", "Location: https://www.example.com/192.0.2.7", "Content-Length: 0"])
        #expect(lines.count == 7 && lines[3].hasPrefix("Date: ") && lines[3].hasSuffix(" GMT") && lines[4] == "Server: unilink", "\(lines)")
        #expect(answer.hasSuffix("\r\n\r\n"))

        try channel.writeInbound(ByteBuffer(string: "HEAD /other HTTP/1.1\r\nHost: go.example.com\r\n\r\n"))
        #expect(
            try channel.readInbound(as: HTTPRequestPart.self).map { part in
                if case .head(let head) = part { head.method == .head } else { false }
            } == true)
        while try channel.readInbound(as: HTTPRequestPart.self) != nil {}
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok, headerFields: [.contentLength: "5"])))
        #expect(throws: NIOHTTPResponseEncoderError.responseBodyNotAllowed) {
            try channel.writeOutbound(HTTPResponsePart.body(ByteBuffer(string: "hello")))
        }
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        let headAnswer = try Self.written(channel)
        #expect(headAnswer.hasPrefix("HTTP/1.1 200 OK\r\n") && headAnswer.hasSuffix("\r\n\r\n") && !headAnswer.contains("hello"), "\(headAnswer)")
    }
}
