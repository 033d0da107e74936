import Hummingbird

/// What every context of ours carries, the authenticated ones included: the visitor's
/// address and the body rules.
protocol VisitorContext: RequestContext where Decoder == APIRequestDecoder {
    var peerAddress: String? { get }
    /// The visitor's address once resolved (the rate limiter does it first): `nil` until then.
    var clientAddress: String?? { get set }
    var maxUploadSize: Int { get set }
}

extension VisitorContext {
    var requestDecoder: APIRequestDecoder { APIRequestDecoder() }
}
