import Foundation

/// Where a destination URL really sends a browser: its scheme and host as the WHATWG URL
/// Standard parses them for the special schemes (http, https), so the allow-list checks
/// the host a browser will visit, not the one a naive split sees.
///
/// Stricter than a browser where no legitimate destination needs the leniency: control
/// characters, spaces, backslashes and userinfo are refused with the problem named.
public struct DestinationURL: Sendable, Equatable {
    public var scheme: String
    /// ASCII, lowercase, IDN labels in Punycode, IPv4 in dotted decimal, IPv6 in brackets,
    /// without the trailing dot (the same host for DNS).
    public var host: String
    public var port: Int?

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notAbsolute
        case controlCharacter
        case backslash
        case userinfo
        case invalidHost(String)
        case invalidPort

        public var description: String {
            switch self {
            case .notAbsolute: "is not an absolute URL"
            case .controlCharacter: "contains a control character or a space (browsers drop or rewrite them)"
            case .backslash: "contains a backslash (browsers read it as a slash)"
            case .userinfo: "contains a user name or password before '@' (it hides the real host)"
            case .invalidHost(let host): "has a host browsers do not accept: '\(host)'"
            case .invalidPort: "has an invalid port"
            }
        }
    }

    static let specialSchemes: Set<String> = ["http", "https"]

    /// Parses an http(s) URL; any other scheme gives its scheme with an empty host.
    public static func parse(_ text: String) -> Result<DestinationURL, Problem> {
        if let common = parseCommon(text) { return .success(common) }
        return parseFully(text)
    }

    /// The destination nearly every click has (`https://shop.example.com/...`: ASCII, a
    /// lowercase host of letters, digits, hyphens and dots, no port or userinfo, a last
    /// label that is not a number) in one pass over the bytes, with the answer the full
    /// parser gives it; `nil` hands anything else to `parseFully`.
    static func parseCommon(_ text: String) -> DestinationURL? {
        var text = text
        return text.withUTF8 { bytes -> DestinationURL? in
            let secure = bytes.starts(with: "https://".utf8)
            guard secure || bytes.starts(with: "http://".utf8) else { return nil }
            let start = secure ? 8 : 7
            guard start < bytes.count, bytes[start] != UInt8(ascii: "/") else { return nil }
            var end = start
            var labelStart = start
            var allowed = true
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): break
                case UInt8(ascii: "."):
                    if end == labelStart { allowed = false }
                    labelStart = end + 1
                default: allowed = false
                }
                end += 1
            }
            // An empty label (a trailing dot too) and a numeric last label take the full path.
            guard allowed, end > labelStart, end - start <= 253, !bytes[labelStart].isASCIIDigit else { return nil }
            for byte in bytes[end...] where byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\\") { return nil }
            return DestinationURL(scheme: secure ? "https" : "http", host: String(decoding: bytes[start..<end], as: UTF8.self), port: nil)
        }
    }

    static func parseFully(_ text: String) -> Result<DestinationURL, Problem> {
        if text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) { return .failure(.controlCharacter) }
        if text.contains("\\") { return .failure(.backslash) }
        guard let colon = text.firstIndex(of: ":") else { return .failure(.notAbsolute) }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
              scheme.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }) else {
            return .failure(.notAbsolute)
        }
        let lowered = scheme.lowercased()
        guard specialSchemes.contains(lowered) else {
            return .success(DestinationURL(scheme: lowered, host: "", port: nil))
        }
        // Special schemes ignore any number of slashes before the authority: `https:evil.example`
        // and `https:///evil.example` both go to evil.example.
        let rest = text[text.index(after: colon)...].drop(while: { $0 == "/" })
        let authority = rest.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        if authority.contains("@") { return .failure(.userinfo) }
        var hostText = authority
        var port: Int?
        if let portColon = authority.lastIndex(of: ":"), !authority[portColon...].contains("]") {
            let digits = authority[authority.index(after: portColon)...]
            if !digits.isEmpty {
                guard digits.allSatisfy(\.isASCIIDigitCharacter), let value = Int(digits.prefix(6)), value <= 65535 else { return .failure(.invalidPort) }
                port = (lowered == "https" && value == 443) || (lowered == "http" && value == 80) ? nil : value
            }
            hostText = authority[..<portColon]
        }
        guard let host = Self.host(String(hostText)) else { return .failure(.invalidHost(String(hostText))) }
        return .success(DestinationURL(scheme: lowered, host: host, port: port))
    }

    /// The host parser: percent-decoding, then domain to ASCII (compatibility mapping,
    /// lowercase, the ideographic full stops, Punycode), forbidden code points, and the
    /// IPv4 forms browsers accept (`0x7f.1`, `2130706433`).
    static func host(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        if text.hasPrefix("[") {
            guard text.hasSuffix("]"), text.count > 2,
                  text.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            return text.lowercased()
        }
        guard let decoded = percentDecoded(text) else { return nil }
        var mapped = decoded.lowercased()
        if !decoded.utf8.allSatisfy({ $0 < 0x80 }) {
            mapped = decoded.precomposedStringWithCompatibilityMapping.lowercased()
            for stop in ["\u{3002}", "\u{FF0E}", "\u{FF61}"] { mapped = mapped.replacingOccurrences(of: stop, with: ".") }
        }
        let forbidden = Set(" #%/:<>?@[\\]^|".unicodeScalars)
        guard !mapped.unicodeScalars.contains(where: { forbidden.contains($0) || $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        var labels = mapped.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if labels.count > 1, labels.last == "" { labels.removeLast() }
        guard !labels.isEmpty, labels.allSatisfy({ !$0.isEmpty }) else { return nil }
        var ascii: [String] = []
        for label in labels {
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                ascii.append(label)
            } else {
                guard let encoded = Punycode.encode(label) else { return nil }
                ascii.append("xn--" + encoded)
            }
        }
        guard ascii.joined(separator: ".").utf8.count <= 253 else { return nil }
        if let last = ascii.last, Self.looksNumeric(last) {
            return ipv4(ascii)
        }
        return ascii.joined(separator: ".")
    }

    /// The "ends in a number" rule: such a host is an IPv4 address or invalid.
    private static func looksNumeric(_ label: String) -> Bool {
        label.allSatisfy(\.isASCIIDigitCharacter) || ((label.hasPrefix("0x") || label.hasPrefix("0X")) && label.dropFirst(2).allSatisfy(\.isHexDigit))
    }

    private static func ipv4(_ parts: [String]) -> String? {
        guard parts.count <= 4 else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            let value: UInt64?
            if part.hasPrefix("0x") || part.hasPrefix("0X") {
                value = part.count == 2 ? 0 : UInt64(part.dropFirst(2).prefix(16), radix: 16)
            } else if part.count > 1, part.hasPrefix("0") {
                value = UInt64(part.dropFirst().prefix(22), radix: 8)
            } else {
                value = UInt64(part.prefix(20), radix: 10)
            }
            guard let value else { return nil }
            numbers.append(value)
        }
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }), let last = numbers.last else { return nil }
        let remaining = 5 - numbers.count
        guard last < (UInt64(1) << (8 * UInt64(remaining))) else { return nil }
        var address = last
        for (index, number) in numbers.dropLast().enumerated() { address += number << (8 * UInt64(3 - index)) }
        return (0..<4).map { String((address >> (8 * UInt64(3 - $0))) & 0xFF) }.joined(separator: ".")
    }

    private static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
