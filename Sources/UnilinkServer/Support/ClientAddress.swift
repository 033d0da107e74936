import Foundation

/// The visitor's address: the socket peer, or what a trusted proxy says it forwarded for.
/// Untrusted peers cannot spoof their address with a header.
struct ClientAddress {
    let trustedProxies: [AddressRange]

    /// Walks `X-Forwarded-For` (or `Forwarded: for=`) from the right, skipping trusted
    /// proxies; the first untrusted hop is the client.
    func resolve(peer: String?, forwardedFor: String?, forwarded: String?) -> String? {
        guard let peer, isTrusted(peer) else { return peer }
        let hops: [String]
        if let forwardedFor, !forwardedFor.isEmpty {
            hops = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        } else if let forwarded, !forwarded.isEmpty {
            hops = Self.forHops(forwarded)
        } else {
            return peer
        }
        for hop in hops.reversed() where !hop.isEmpty {
            guard AddressRange.bytes(of: hop) != nil else { return peer }
            if !isTrusted(hop) { return hop }
        }
        return hops.first ?? peer
    }

    private func isTrusted(_ address: String) -> Bool {
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
