import Foundation

/// DNS host names as the `Host` header carries them, without port.
enum HostName {
    static func isValid(_ host: String) -> Bool {
        guard !host.isEmpty, host.count <= 253 else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    /// `Link.Example.com:8080` -> `link.example.com`.
    static func normalize(_ authority: String) -> String {
        // Nearly every request names its host as it is stored: no copy then.
        if !authority.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0.isASCIIUppercase || $0 >= 0x80 }) { return authority }
        var host = Substring(authority)
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") { host = host[..<colon] }
        return host.lowercased()
    }
}

extension UInt8 {
    fileprivate var isASCIIUppercase: Bool { (0x41...0x5A).contains(self) }
}
