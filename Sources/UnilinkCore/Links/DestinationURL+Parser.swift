extension DestinationURL {
    static let specialSchemes: Set<String> = ["http", "https"]

    /// The URL Standard's basic URL parser without a base, for http(s), in its states:
    /// scheme, special authority (any run of slashes), host and port, path (dot segments
    /// resolved), query and fragment (percent-encoded with their sets).
    static func parseFully(_ text: String) -> Result<DestinationURL, Problem> {
        let bytes = Array(text.utf8)
        if bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) { return .failure(.controlCharacter) }
        if bytes.contains(UInt8(ascii: "\\")) { return .failure(.backslash) }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let first = bytes.first, first.isASCIILetter,
            bytes[..<colon].allSatisfy({
                $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else { return .failure(.notAbsolute) }
        let scheme = String(decoding: bytes[..<colon].map { $0 | 0x20 }, as: UTF8.self)
        guard specialSchemes.contains(scheme) else {
            return .success(DestinationURL(scheme: scheme, host: "", port: nil, href: text))
        }
        // Special schemes ignore any number of slashes before the authority: `https:evil.example`
        // and `https:///evil.example` both go to evil.example.
        var index = colon + 1
        while index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        let authorityStart = index
        while index < bytes.count, !Self.endsAuthority(bytes[index]) { index += 1 }
        let authority = bytes[authorityStart..<index]
        if authority.contains(UInt8(ascii: "@")) { return .failure(.userinfo) }

        var hostEnd = authority.endIndex
        var insideBrackets = false
        for position in authority.indices {
            let byte = authority[position]
            if byte == UInt8(ascii: "[") { insideBrackets = true }
            if byte == UInt8(ascii: "]") { insideBrackets = false }
            if byte == UInt8(ascii: ":"), !insideBrackets {
                hostEnd = position
                break
            }
        }
        let hostBytes = authority[authority.startIndex..<hostEnd]
        let hostText = String(decoding: hostBytes, as: UTF8.self)
        guard !hostBytes.isEmpty else { return .failure(.invalidHost(hostText, .empty)) }
        var port: Int?
        if hostEnd < authority.endIndex {
            let digits = authority[(hostEnd + 1)...]
            guard digits.allSatisfy(\.isASCIIDigit) else { return .failure(.invalidPort) }
            if !digits.isEmpty {
                var value = 0
                for digit in digits {
                    value = value * 10 + Int(digit - UInt8(ascii: "0"))
                    guard value <= 65535 else { return .failure(.invalidPort) }
                }
                port = (scheme == "https" && value == 443) || (scheme == "http" && value == 80) ? nil : value
            }
        }
        let host: String
        switch URLHost.parse(hostBytes) {
        case .success(let value): host = value
        case .failure(let problem): return .failure(.invalidHost(hostText, problem))
        }

        var href = Array(scheme.utf8) + Array("://".utf8) + Array(host.utf8)
        if let port { href += Array(":\(port)".utf8) }
        href += serializedTail(bytes[index...])
        return .success(DestinationURL(scheme: scheme, host: host, port: port, href: String(decoding: href, as: UTF8.self)))
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// Path (at least `/`), then `?query` and `#fragment` when present, as serialized.
    private static func serializedTail(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var index = bytes.startIndex
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "/") { index += 1 }
        var segments: [[UInt8]] = []
        var segment: [UInt8] = []
        var output: [UInt8] = []
        while true {
            let byte: UInt8? = index < bytes.endIndex ? bytes[index] : nil
            if byte == nil || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                let continues = byte == UInt8(ascii: "/")
                if isDoubleDot(segment) {
                    if !segments.isEmpty { segments.removeLast() }
                    if !continues { segments.append([]) }
                } else if isSingleDot(segment) {
                    if !continues { segments.append([]) }
                } else {
                    segments.append(segment)
                }
                segment = []
                index += 1
                if !continues { break }
                continue
            }
            if let byte { PercentEncodeSet.path.append(byte, to: &segment) }
            index += 1
        }
        for segment in segments { output += [UInt8(ascii: "/")] + segment }
        index -= 1
        guard index < bytes.endIndex else { return output }
        if bytes[index] == UInt8(ascii: "?") {
            output.append(UInt8(ascii: "?"))
            index += 1
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: "#") {
                PercentEncodeSet.query.append(bytes[index], to: &output)
                index += 1
            }
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "#") {
            output.append(UInt8(ascii: "#"))
            for byte in bytes[(index + 1)...] { PercentEncodeSet.fragment.append(byte, to: &output) }
        }
        return output
    }

    private static func isSingleDot(_ segment: [UInt8]) -> Bool {
        segment == [UInt8(ascii: ".")] || lowercased(segment) == Array("%2e".utf8)
    }

    private static func isDoubleDot(_ segment: [UInt8]) -> Bool {
        switch lowercased(segment) {
        case Array("..".utf8), Array(".%2e".utf8), Array("%2e.".utf8), Array("%2e%2e".utf8): true
        default: false
        }
    }

    private static func lowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }
}
