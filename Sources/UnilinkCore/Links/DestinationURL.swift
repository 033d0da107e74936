/// A destination as a browser reads it: the WHATWG URL Standard's parser for http(s)
/// (host through UTS #46 by ICU, IPv4 and IPv6 parsers, dot segments, percent-encoding),
/// and its serialization, which is what Unilink stores and puts in `Location`. The
/// allow-list checks the host a browser will visit, not the one a naive split sees.
///
/// Stricter than a browser where no legitimate destination needs the leniency: control
/// characters, spaces, backslashes and userinfo are refused with the problem named.
/// Other schemes (an app's own `shop://`) keep their text and have no host.
public struct DestinationURL: Sendable, Equatable {
    public var scheme: String
    /// As the browser serializes it: ASCII, lowercase, IDN labels in Punycode, IPv4 in
    /// dotted decimal, IPv6 in brackets; a trailing dot kept.
    public var host: String
    public var port: Int?
    /// The whole URL as the browser serializes it (for http and https); other schemes'
    /// text as given.
    public var href: String

    public init(scheme: String, host: String, port: Int?, href: String) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.href = href
    }

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case notAbsolute
        case controlCharacter
        case backslash
        case userinfo
        case invalidHost(String, URLHost.Problem)
        case invalidPort

        public var description: String {
            switch self {
            case .notAbsolute: "is not an absolute URL"
            case .controlCharacter: "contains a control character or a space (browsers drop or rewrite them)"
            case .backslash: "contains a backslash (browsers read it as a slash)"
            case .userinfo: "contains a user name or password before '@' (it hides the real host)"
            case .invalidHost(let host, let problem): "has a host browsers refuse, '\(host.prefix(100))': \(problem)"
            case .invalidPort: "has an invalid port (digits only, at most 65535)"
            }
        }

        /// Refusals a browser would not make: Unilink's own strictness (API docs list them).
        public var isDeliberate: Bool {
            switch self {
            case .controlCharacter, .backslash, .userinfo: true
            case .notAbsolute, .invalidHost, .invalidPort: false
            }
        }
    }

    /// Parses `text` as an absolute URL; http(s) ones are serialized as browsers do.
    public static func parse(_ text: String) -> Result<DestinationURL, Problem> {
        if let common = parseCommon(text) { return .success(common) }
        return parseFully(text)
    }

    /// The destination nearly every click has (`https://shop.example.com/p?q=1`: ASCII, a
    /// lowercase host of letters, digits, hyphens and dots, no port or userinfo, a last
    /// label that is not a number, nothing to encode or resolve) in one pass over the
    /// bytes, with the answer the full parser gives it: its text is already its
    /// serialization. `nil` hands anything else to `parseFully`.
    static func parseCommon(_ text: String) -> DestinationURL? {
        var contiguous = text
        return contiguous.withUTF8 { bytes -> DestinationURL? in
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
            // An empty label (a trailing dot too), a numeric last label and an empty path
            // before `?` or `#` take the full path.
            guard allowed, end > labelStart, end - start <= 253, !bytes[labelStart].isASCIIDigit,
                end == bytes.count || bytes[end] == UInt8(ascii: "/"), isSerializedTail(bytes[end...])
            else { return nil }
            let host = String(decoding: bytes[start..<end], as: UTF8.self)
            return DestinationURL(scheme: secure ? "https" : "http", host: host, port: nil, href: end == bytes.count ? text + "/" : text)
        }
    }

    /// Whether a path, query and fragment are already as a browser would write them: no
    /// byte of their percent-encode sets, no backslash, no `.` or `..` segment.
    private static func isSerializedTail(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var set = PercentEncodeSet.path
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in bytes {
            switch set {
            case .path:
                if byte == UInt8(ascii: "?") { set = .query; continue }
                if byte == UInt8(ascii: "#") { set = .fragment; continue }
                // `/.` starts a dot segment or a name starting with a dot: either takes the full parser; so does `%2e`.
                if byte == UInt8(ascii: ".") && previous == UInt8(ascii: "/") { return false }
                if byte | 0x20 == UInt8(ascii: "e"), previous == UInt8(ascii: "2"), beforePrevious == UInt8(ascii: "%") { return false }
            case .query:
                if byte == UInt8(ascii: "#") { set = .fragment; continue }
            case .fragment:
                break
            }
            if byte == UInt8(ascii: "\\") || set.contains(byte) { return false }
            beforePrevious = previous
            previous = byte
        }
        return true
    }
}
