import NIOCore
import NIOHTTPTypes

/// Closes a connection whose next request is not complete in time: an idle keep-alive
/// connection, a client that stalls, or one that drip-feeds its headers or body byte by
/// byte (slowloris). NIO's idle handler alone would not do: each dripped byte counts as
/// activity. The clock starts when the connection opens and again after each response.
///
/// A response only moves the deadline; one timer per connection checks it when it fires
/// and sleeps again until the deadline it finds. Scheduling and cancelling a timer per
/// response cost a busy connection more than the rest of this handler.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    /// When the request being awaited must be complete; `nil` while one is answered.
    private var deadline: NIODeadline?
    private var timer: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        start(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { deadline = nil }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { start(context) }
        context.write(data, promise: promise)
    }

    private func start(_ context: ChannelHandlerContext) {
        let deadline = context.eventLoop.now + timeout
        self.deadline = deadline
        // A timer already set fires no later than this deadline and re-arms itself.
        if timer == nil { arm(context, at: deadline) }
    }

    private func arm(_ context: ChannelHandlerContext, at time: NIODeadline) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: time) {
            let (handler, context) = loopBound.value
            handler.fire(context)
        }
    }

    private func fire(_ context: ChannelHandlerContext) {
        timer = nil
        // A request is being answered: its response starts the clock again.
        guard let deadline else { return }
        if deadline <= context.eventLoop.now {
            context.close(promise: nil)
        } else {
            arm(context, at: deadline)
        }
    }
}
