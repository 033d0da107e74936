import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import UnilinkServer

/// The connection's clock, on NIO's embedded loop with time advanced by hand: one timer
/// per connection that moves with each response must close exactly the connections a
/// timer per response would have closed.
@Suite("Request deadline")
struct RequestDeadlineHandlerTests {
    static let timeout = TimeAmount.milliseconds(100)

    static func connection() throws -> (EmbeddedChannel, EmbeddedEventLoop) {
        let loop = EmbeddedEventLoop()
        let channel = EmbeddedChannel(handler: RequestDeadlineHandler(timeout: timeout), loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        return (channel, loop)
    }

    static func request(_ channel: EmbeddedChannel) throws {
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: .get, scheme: "http", authority: "go.example.com", path: "/a")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        while try channel.readInbound(as: HTTPRequestPart.self) != nil {}
    }

    static func respond(_ channel: EmbeddedChannel) throws {
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .found)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        while try channel.readOutbound(as: HTTPResponsePart.self) != nil {}
    }

    @Test func aConnectionThatSendsNothingIsClosedAtTheTimeout() throws {
        let (channel, loop) = try Self.connection()
        loop.advanceTime(by: .milliseconds(99))
        #expect(channel.isActive)
        loop.advanceTime(by: .milliseconds(2))
        #expect(!channel.isActive)
    }

    /// A slow answer is the server's business: the timer fires while it is being
    /// computed and must not close the connection; the clock restarts at the response.
    @Test func aRequestBeingAnsweredIsNotCutAndTheClockRestartsAtItsResponse() throws {
        let (channel, loop) = try Self.connection()
        loop.advanceTime(by: .milliseconds(50))
        try Self.request(channel)
        loop.advanceTime(by: .milliseconds(200))
        #expect(channel.isActive, "the timer fired mid-answer")
        try Self.respond(channel)
        loop.advanceTime(by: .milliseconds(99))
        #expect(channel.isActive)
        loop.advanceTime(by: .milliseconds(2))
        #expect(!channel.isActive, "idle for the timeout after the response")
    }

    /// Keep-alive: every response moves the deadline, however many come before the timer.
    @Test func eachResponseMovesTheDeadlineOfAKeptAliveConnection() throws {
        let (channel, loop) = try Self.connection()
        for _ in 0..<10 {
            loop.advanceTime(by: .milliseconds(60))
            try Self.request(channel)
            try Self.respond(channel)
        }
        #expect(channel.isActive, "600 ms of requests 60 ms apart")
        loop.advanceTime(by: .milliseconds(99))
        #expect(channel.isActive)
        loop.advanceTime(by: .milliseconds(2))
        #expect(!channel.isActive)
    }

    /// Headers dripped in pieces do not count as progress: only a complete request does.
    @Test func aRequestThatNeverCompletesIsClosedAtTheTimeout() throws {
        let (channel, loop) = try Self.connection()
        try Self.request(channel)
        try Self.respond(channel)
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: .post, scheme: "http", authority: "go.example.com", path: "/a")))
        for _ in 0..<9 {
            loop.advanceTime(by: .milliseconds(10))
            try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "x")))
        }
        loop.advanceTime(by: .milliseconds(11))
        #expect(!channel.isActive)
    }
}
