import Hummingbird
import HummingbirdAuth
import NIOCore

/// The request context: Hummingbird's core storage, the socket peer's address, and the
/// caller once a route group's authenticator has run.
struct AppRequestContext: AuthRequestContext, VisitorContext {
    var coreContext: CoreRequestContextStorage
    var identity: Caller?
    let peerAddress: String?
    var clientAddress: String??
    /// Until `BodyLimitMiddleware` sets the route group's (`ServerSettings.maxBodyBytes` by default).
    var maxUploadSize = 2 * 1024 * 1024

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }
}
