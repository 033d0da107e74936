import HTTPTypes
import Hummingbird
import Logging

/// Finds each request's visitor address (`ClientAddress`'s rule, with the settings'
/// trusted proxies and header) and says once when forwarding headers come from a peer
/// that is not trusted.
struct ClientAddressResolver: Sendable {
    let rule: ClientAddress
    let warning: ForwardingWarning

    init(trustedProxies: [AddressRange], header: ClientAddress.Header, warning: ForwardingWarning = ForwardingWarning()) {
        rule = ClientAddress(trustedProxies: trustedProxies, header: header)
        self.warning = warning
    }

    /// The visitor's address: the socket peer, or a trusted proxy's forwarding headers.
    func address(_ request: Request, _ context: some VisitorContext) -> String? {
        if let resolved = context.clientAddress { return resolved }
        return address(request, peer: context.peerAddress, logger: context.logger)
    }

    func address(_ request: Request, peer: String?, logger: Logger) -> String? {
        let forwardedFor = request.headers[Self.xForwardedFor], forwarded = request.headers[Self.forwarded]
        if let peer, forwardedFor != nil || forwarded != nil, !rule.isTrusted(peer) {
            warning.warnOnce(peer: peer, logger: logger)
        }
        return rule.resolve(peer: peer, forwardedFor: forwardedFor, forwarded: forwarded)
    }

    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwarded = HTTPField.Name("Forwarded")!
}
