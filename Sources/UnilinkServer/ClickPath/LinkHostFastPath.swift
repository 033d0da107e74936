import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Answers in the channel what memory alone answers (an association file, a click on a
/// cached link), before Hummingbird makes a request task of it: handing a request to that
/// task and its response back cost more than the click's own work. Everything else goes on
/// to Hummingbird unchanged, and so does everything behind a request handed on, until its
/// response has ended: HTTP/1.1 answers go out in the order the requests came.
///
/// An answer is written once the request has been read to its end (a body is read and
/// dropped, as the router's GET handlers do), with the fields Hummingbird adds (`Date`,
/// `Server`), and the connection is closed after it when the request said
/// `Connection: close`. A connection whose peer does not read its answers stops being
/// answered here (the channel is not writable) and gets Hummingbird's backpressure.
final class LinkHostFastPath: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The answer to a request from `peer` (the socket's address), or `nil` to hand it on.
    typealias Answers = @Sendable (_ request: HTTPRequest, _ peer: String?) -> BufferedResponse?

    private enum Reading {
        case idle
        case answering(BufferedResponse, closes: Bool)
        case handingOn
    }

    private let answers: Answers
    private let serverName: String
    private var reading = Reading.idle
    /// Requests handed on whose response has not ended yet.
    private var handedOn = 0
    private var unflushed = false
    private var peer: String??
    private var date = HTTPDate()
    /// The HTTP/1 codec's context: an answer's head written there is NIOHTTP1's already,
    /// made once from the answer's fields, instead of the answer's `HTTPResponse` edited
    /// for `Date` and `Server`, boxed, and converted by the codec field by field.
    private var headOutlet: ChannelHandlerContext?

    init(serverName: String, answers: @escaping Answers) {
        self.serverName = serverName
        self.answers = answers
    }

    func handlerAdded(context: ChannelHandlerContext) {
        headOutlet = try? context.pipeline.syncOperations.context(handlerType: HTTP1ToHTTPServerCodec.self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        headOutlet = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if handedOn == 0, context.channel.isWritable, let answer = answers(request, peerAddress(context)) {
                reading = .answering(answer, closes: request.headerFields[.connection] == "close")
                return
            }
            reading = .handingOn
            handedOn += 1
        case .body:
            if case .answering = reading { return }
        case .end:
            if case .answering(let answer, let closes) = reading {
                reading = .idle
                write(answer, closes: closes, context: context)
                return
            }
            reading = .idle
        }
        context.fireChannelRead(data)
    }

    /// The server is stopping: Hummingbird's connection handler, behind this one, closes a
    /// connection with no request of its own in progress at once, so a request being
    /// answered here is answered first and the connection closed after it.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, case .answering(let answer, _) = reading {
            reading = .answering(answer, closes: true)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            // Flushed once the loop has read every ready connection: answers leave together
            // and wake a client's core once, not once each (an interrupt this core pays for).
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.eventLoop.execute { loopBound.value.flush() }
        }
        context.fireChannelReadComplete()
    }

    /// Hummingbird's responses pass here on their way out.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), handedOn > 0 { handedOn -= 1 }
        context.write(data, promise: promise)
    }

    private func write(_ answer: BufferedResponse, closes: Bool, context: ChannelHandlerContext) {
        let head = http1Head(answer)
        if let headOutlet {
            headOutlet.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        } else if let response = try? HTTPResponse(head) {
            // No codec in front (a bare channel): the same head, as HTTPTypes has it.
            context.write(wrapOutboundOut(.head(response)), promise: nil)
        }
        if answer.body.readableBytes > 0 { context.write(wrapOutboundOut(.body(answer.body)), promise: nil) }
        guard closes else {
            context.write(wrapOutboundOut(.end(nil)), promise: nil)
            unflushed = true
            return
        }
        unflushed = false
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// The answer's head with the fields Hummingbird adds (`Date`, `Server`) and, unless it
    /// has one, its body's length.
    private func http1Head(_ answer: BufferedResponse) -> HTTPResponseHead {
        var headers = HTTPHeaders()
        headers.reserveCapacity(answer.headers.count + 3)
        for field in answer.headers where field.name != .date && field.name != .server {
            headers.add(name: field.name.rawName, value: field.value)
        }
        if !answer.headers.contains(.contentLength) { headers.add(name: "Content-Length", value: String(answer.body.readableBytes)) }
        headers.add(name: "Date", value: date.now())
        headers.add(name: "Server", value: serverName)
        let status = HTTPResponseStatus(statusCode: answer.status.code, reasonPhrase: answer.status.reasonPhrase)
        return HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    }

    /// As Hummingbird's request context has it, found once per connection.
    private func peerAddress(_ context: ChannelHandlerContext) -> String? {
        if let peer { return peer }
        let address = context.channel.remoteAddress?.ipAddress
        peer = .some(address)
        return address
    }
}
