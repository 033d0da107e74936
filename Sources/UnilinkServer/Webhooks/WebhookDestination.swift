import Foundation

/// Where a webhook may be sent: an `https` URL (plain `http` only to this machine, when the
/// operator allows it for development), and, each time it is sent, only to an address that
/// is on the public internet. Pure: the caller resolves the host and asks about each
/// address it got, so a name that resolves differently at send time (DNS rebinding) is
/// judged on what it resolves to then.
struct WebhookDestination: Sendable {
    /// `UNILINK_WEBHOOK_ALLOW_PRIVATE`: private addresses too (a receiver on the same network).
    var allowsPrivateAddresses = false
    /// `UNILINK_WEBHOOK_ALLOW_LOOPBACK_HTTP`: `http://localhost` and loopback addresses, for development.
    var allowsLoopbackHTTP = false

    static let maxURLBytes = 2048

    /// Blocks no webhook is sent into, with what they are. IPv4-mapped IPv6 addresses are
    /// judged as the IPv4 address they carry (`AddressRange` reads them so); NAT64 and 6to4
    /// prefixes carry an IPv4 address too, so they are refused whole.
    static let blocked: [(range: AddressRange, what: String)] =
        ([
            ("0.0.0.0/8", "'this network'"), ("10.0.0.0/8", "a private address"), ("100.64.0.0/10", "a carrier-grade NAT address"),
            ("127.0.0.0/8", "a loopback address"), ("169.254.0.0/16", "a link-local address (cloud metadata lives there)"),
            ("172.16.0.0/12", "a private address"), ("192.0.0.0/24", "an IETF protocol address"), ("192.0.2.0/24", "a documentation address"),
            ("192.168.0.0/16", "a private address"), ("198.18.0.0/15", "a benchmarking address"), ("198.51.100.0/24", "a documentation address"),
            ("203.0.113.0/24", "a documentation address"), ("224.0.0.0/4", "a multicast address"), ("240.0.0.0/4", "a reserved address"),
            ("::/128", "the unspecified address"), ("::1/128", "a loopback address"), ("64:ff9b::/96", "a NAT64 address"),
            ("64:ff9b:1::/48", "a NAT64 address"), ("2001:db8::/32", "a documentation address"), ("2002::/16", "a 6to4 address"),
            ("fc00::/7", "a private (unique local) address"), ("fe80::/10", "a link-local address"), ("ff00::/8", "a multicast address"),
        ] as [(String, String)]).compactMap { text, what in AddressRange(text).map { (range: $0, what: what) } }

    /// Why `text` is not a URL a subscription may have, or `nil`.
    func problem(withURL text: String) -> String? {
        guard text.utf8.count <= Self.maxURLBytes else { return "the URL is longer than \(Self.maxURLBytes) bytes" }
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            return "'\(text.prefix(200))' is not a URL"
        }
        if url.user != nil || url.password != nil { return "the URL may not carry a user name or password" }
        if url.fragment != nil { return "the URL may not have a fragment" }
        let name = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        switch scheme {
        case "https": break
        case "http" where allowsLoopbackHTTP && Self.isLoopback(name): return nil
        default: return "the URL must be https"
        }
        if name == "localhost" || name.hasSuffix(".localhost") { return refusalOfLoopback() }
        if AddressRange.bytes(of: name) != nil { return refusal(ofAddress: name) }
        return nil
    }

    /// Why a webhook may not be sent to `address` (what the URL's host resolved to), or `nil`.
    func refusal(ofAddress address: String) -> String? {
        guard AddressRange.bytes(of: address) != nil else { return "'\(address)' is not an address" }
        if allowsLoopbackHTTP, Self.isLoopback(address) { return nil }
        guard let what = Self.blocked.first(where: { $0.range.contains(address) })?.what else { return nil }
        if allowsPrivateAddresses, what.contains("private") || what.contains("carrier-grade") { return nil }
        return "the URL leads to \(address), \(what)"
    }

    private func refusalOfLoopback() -> String? {
        allowsLoopbackHTTP ? nil : "the URL leads to this machine (localhost)"
    }

    static func isLoopback(_ name: String) -> Bool {
        name == "localhost" || name.hasSuffix(".localhost") || AddressRange("127.0.0.0/8")!.contains(name) || AddressRange("::1/128")!.contains(name)
    }
}
