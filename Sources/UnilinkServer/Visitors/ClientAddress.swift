import Foundation

/// The visitor's address: the socket peer, or what a trusted proxy says it forwarded for.
/// Untrusted peers cannot spoof their address with a header, and only the header the
/// proxy itself sets is read: a proxy that sets `Forwarded` passes a visitor's own
/// `X-Forwarded-For` through untouched.
struct ClientAddress: Sendable {
    /// The header the trusted proxies set (`UNILINK_FORWARDED_HEADER`).
    enum Header: String, Sendable {
        case xForwardedFor = "x-forwarded-for"
        case forwarded
    }

    let trustedProxies: [AddressRange]
    var header: Header = .xForwardedFor

    /// Walks the proxy's header from the right, skipping trusted proxies; the first
    /// untrusted hop is the client.
    func resolve(peer: String?, forwardedFor: String?, forwarded: String?) -> String? {
        guard let peer, isTrusted(peer) else { return peer }
        let hops: [String]
        switch header {
        case .xForwardedFor:
            guard let forwardedFor, !forwardedFor.isEmpty else { return peer }
            hops = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        case .forwarded:
            guard let forwarded, !forwarded.isEmpty else { return peer }
            hops = Self.forHops(forwarded)
        }
        for hop in hops.reversed() where !hop.isEmpty {
            guard AddressRange.bytes(of: hop) != nil else { return peer }
            if !isTrusted(hop) { return hop }
        }
        return hops.first ?? peer
    }

    func isTrusted(_ address: String) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }

    /// `Forwarded: for=192.0.2.60;proto=http, for="[2001:db8::1]:4711"` -> addresses.
    static func forHops(_ header: String) -> [String] {
        header.split(separator: ",").compactMap { element in
            for pair in element.split(separator: ";") {
                let trimmed = pair.trimmingCharacters(in: .whitespaces)
                guard trimmed.lowercased().hasPrefix("for=") else { continue }
                var value = trimmed.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
                    value = String(value[value.index(after: value.startIndex)..<close])
                } else if value.filter({ $0 == ":" }).count == 1, let colon = value.firstIndex(of: ":") {
                    value = String(value[..<colon])
                }
                return value
            }
            return nil
        }
    }
}
