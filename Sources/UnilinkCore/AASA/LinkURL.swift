/// The parts of a URL that association matching looks at, exactly as written.
///
/// Foundation's `URL` may re-encode or reject what a browser accepts; matching must see
/// the URL as the device saw it, so this splits the text by RFC 3986's generic syntax.
public struct LinkURL: Sendable, Equatable {
    public var scheme: String
    public var host: String
    public var port: Int?
    /// Percent-encoded, as written; empty when the URL has no path.
    public var path: String
    /// `nil` when there is no `?`.
    public var query: String?
    /// `nil` when there is no `#`.
    public var fragment: String?

    public init?(_ text: String) {
        guard let schemeEnd = text.firstIndex(of: ":"),
              text[schemeEnd...].hasPrefix("://") else { return nil }
        let scheme = text[..<schemeEnd]
        guard let first = scheme.first, first.isLetter,
              scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) else { return nil }
        self.scheme = scheme.lowercased()

        var rest = text[text.index(schemeEnd, offsetBy: 3)...]
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        path = String(rest[authorityEnd...])
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var hostPart = authority
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            let portText = authority[authority.index(after: colon)...]
            if !portText.isEmpty {
                guard let port = Int(portText), (0...65535).contains(port) else { return nil }
                self.port = port
            }
            hostPart = authority[..<colon]
        }
        var host = hostPart.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace }) else { return nil }
        self.host = host
    }

    /// The path as association patterns see it: `/` when empty, trailing slashes dropped.
    public var normalizedPath: String {
        Self.trimmingTrailingSlashes(path.isEmpty ? "/" : path)
    }

    static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}

enum PercentEncoding {
    /// Decodes `%XX` escapes; text that does not decode to valid UTF-8 is returned as is.
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let high = hexValue(iterator[iterator.startIndex]), let low = hexValue(iterator[iterator.startIndex + 1]) {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
