import Hummingbird
import NIOCore
import NIOHTTPTypes

/// The fixed 302 answered in the channel, as `LinkHostFastPath` answers: after the request's
/// end, flushed when the read is complete.
final class ChannelRedirect: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = unwrapInboundIn(data) else { return }
        let head = HTTPResponse(
            status: .found,
            headerFields: [
                .location: "https://www.example.com/welcome", .cacheControl: "no-store", .contentLength: "0", .date: "Mon, 23 Nov 2026 18:00:00 GMT",
            ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.flush()
        context.fireChannelReadComplete()
    }
}

// BareRedirect [port] [channel]
let arguments = CommandLine.arguments
let port = arguments.count > 1 ? Int(arguments[1]) ?? 8090 : 8090
let inChannel = arguments.count > 2 && arguments[2] == "channel"
let router = Router()
router.get("/**") { _, _ in
    Response(status: .found, headers: [.location: "https://www.example.com/welcome", .cacheControl: "no-store"])
}
let app = Application(
    router: router,
    server: .http1(configuration: .init(additionalChannelHandlers: inChannel ? [ChannelRedirect()] : [])),
    configuration: .init(address: .hostname("127.0.0.1", port: port))
)
try await app.runService()
