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

    public init(scheme: String, host: String, port: Int? = nil, path: String, query: String? = nil, fragment: String? = nil) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Splits on the delimiters' bytes (RFC 3986's delimiters are ASCII), so a URL costs
    /// one pass over its bytes and no grapheme breaking.
    public init?(_ text: String) {
        var text = text
        guard let parts = text.withUTF8({ Self.split($0) }) else { return nil }
        self = parts
    }

    private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> LinkURL? {
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        guard let schemeEnd = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[schemeEnd...].starts(with: "://".utf8) else { return nil }
        let schemeBytes = bytes[..<schemeEnd]
        if schemeBytes.allSatisfy({ $0 < 0x80 }) {
            guard let first = schemeBytes.first, first.isASCIILower || first.isASCIIUpper,
                schemeBytes.allSatisfy({ $0.isASCIIDigit || $0.isASCIILower || $0.isASCIIUpper || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
            else { return nil }
        } else {
            let scheme = string(0..<schemeEnd)
            guard let first = scheme.first, first.isLetter,
                scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
            else { return nil }
        }
        var end = bytes.count
        var fragment: String?, query: String?
        let start = schemeEnd + 3
        if let hash = bytes[start...].firstIndex(of: UInt8(ascii: "#")) {
            fragment = string(hash + 1..<end)
            end = hash
        }
        if let question = bytes[start..<end].firstIndex(of: UInt8(ascii: "?")) {
            query = string(question + 1..<end)
            end = question
        }
        let authorityEnd = bytes[start..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
        var authorityStart = start
        if let at = bytes[start..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { authorityStart = at + 1 }
        var hostEnd = authorityEnd
        var port: Int?
        if let colon = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: ":")),
            !bytes[colon..<authorityEnd].contains(UInt8(ascii: "]"))
        {
            if colon + 1 < authorityEnd {
                guard let value = Int(string(colon + 1..<authorityEnd)), (0...65535).contains(value) else { return nil }
                port = value
            }
            hostEnd = colon
        }
        if hostEnd > authorityStart, bytes[hostEnd - 1] == UInt8(ascii: ".") { hostEnd -= 1 }
        let hostBytes = bytes[authorityStart..<hostEnd]
        let host: String
        if hostBytes.allSatisfy({ $0 < 0x80 }) {
            guard !hostBytes.contains(where: { $0 == 0x20 || (0x09...0x0D).contains($0) }) else { return nil }
            host = hostBytes.contains(where: \.isASCIIUpper) ? string(authorityStart..<hostEnd).lowercased() : string(authorityStart..<hostEnd)
        } else {
            host = string(authorityStart..<hostEnd).lowercased()
            guard !host.contains(where: { $0.isWhitespace }) else { return nil }
        }
        guard !host.isEmpty else { return nil }
        return LinkURL(
            scheme: schemeBytes.contains(where: \.isASCIIUpper) || !schemeBytes.allSatisfy({ $0 < 0x80 })
                ? string(0..<schemeEnd).lowercased() : string(0..<schemeEnd),
            host: host, port: port, path: string(authorityEnd..<end), query: query, fragment: fragment)
    }

    /// The path as association patterns see it: `/` when empty, trailing slashes dropped.
    public var normalizedPath: String {
        if path.utf8.count > 1, path.utf8.last == UInt8(ascii: "/") { return Self.trimmingTrailingSlashes(path) }
        return path.isEmpty ? "/" : path
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
                let high = iterator[iterator.startIndex].asciiHexValue, let low = iterator[iterator.startIndex + 1].asciiHexValue
            {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }
}
