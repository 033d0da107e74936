/// Whether this server wants a certificate for a name: Caddy's on-demand TLS asks before
/// every new certificate, and a yes for any name would let anyone who points DNS at the
/// server make it request certificates (and spend the CA's rate limits) for names it does
/// not serve. Pure: the caller says which hosts are configured.
enum CertificateAsk {
    enum Verdict: Equatable {
        case allowed
        /// No usable name was asked about.
        case refused(String)
        /// A name this server does not serve.
        case unknown
    }

    /// `domain` exactly as asked: a configured host is stored in lower case without a
    /// trailing dot, and Caddy asks with the name from the handshake, lowercased; any other
    /// spelling is not a host of this server.
    static func verdict(for domain: Substring?, isConfigured: (Substring) -> Bool) -> Verdict {
        guard let domain, !domain.isEmpty else { return .refused("'domain' is required: the host name a certificate is asked for") }
        guard domain.utf8.count <= 253 else { return .refused("'domain' is longer than 253 bytes, longer than any host name") }
        // An IP address never gets a certificate here, even if an app lists it as a host.
        if let last = domain.split(separator: ".").last, last.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return .unknown }
        if domain.utf8.contains(where: { $0 == UInt8(ascii: ":") }) { return .unknown }
        return isConfigured(domain) ? .allowed : .unknown
    }
}
