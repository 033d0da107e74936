import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the socket peer's address.
struct AppRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let peerAddress: String?
    /// The visitor's address once resolved (the rate limiter does it first): `nil` until then.
    var clientAddress: String??

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Bodies are collected with their own limit (`ServerSettings.maxBodyBytes`).
    var maxUploadSize: Int { 2 * 1024 * 1024 }
}
