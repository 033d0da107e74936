/// The URL Standard's host parser for http(s): an IPv6 literal in brackets, else the
/// percent-decoded name through domain to ASCII (UTS #46 by ICU), refused when it holds
/// a forbidden domain code point, and read as IPv4 when it ends in a number.
public enum URLHost {
    /// Why a browser refuses a host.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case forbiddenCodePoint(Unicode.Scalar)
        case idna(IDNA.Errors)
        case idnaUnavailable
        case invalidIPv4
        case invalidIPv6

        public var description: String {
            switch self {
            case .empty: "the host is empty"
            case .forbiddenCodePoint(let scalar): "the host holds \(Self.name(scalar)), which host names cannot hold"
            case .idna(let errors): "the host has \(errors) (UTS #46)"
            case .idnaUnavailable: "the host could not be checked (ICU unavailable)"
            case .invalidIPv4: "the host ends in a number but is not an IPv4 address (each part at most 255, four parts at most)"
            case .invalidIPv6: "the host is not a valid IPv6 address"
            }
        }

        private static func name(_ scalar: Unicode.Scalar) -> String {
            scalar.value < 0x20 || scalar.value == 0x7F
                ? "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
                : "'\(Character(scalar))'"
        }
    }

    /// The host as a browser serializes it: ASCII, lowercase, IDN labels in Punycode, IPv4
    /// in dotted decimal, IPv6 in brackets; a trailing dot is kept, as browsers keep it.
    public static func parse(_ input: some Collection<UInt8>) -> Result<String, Problem> {
        let bytes = Array(input)
        guard !bytes.isEmpty else { return .failure(.empty) }
        if bytes.first == UInt8(ascii: "[") {
            guard bytes.count >= 2, bytes.last == UInt8(ascii: "]"), let address = IPv6Address(bytes.dropFirst().dropLast()) else {
                return .failure(.invalidIPv6)
            }
            return .success("[" + address.text + "]")
        }
        let domain = percentDecoded(bytes)
        let ascii: String
        switch toASCII(domain) {
        case .success(let value): ascii = value
        case .failure(let problem): return .failure(problem)
        }
        guard !ascii.isEmpty else { return .failure(.empty) }
        if let forbidden = ascii.unicodeScalars.first(where: isForbiddenDomainCodePoint) {
            return .failure(.forbiddenCodePoint(forbidden))
        }
        let labels = ascii.split(separator: ".", omittingEmptySubsequences: false)
        guard IPv4Address.endsInANumber(labels) else { return .success(ascii) }
        switch IPv4Address.parse(labels) {
        case .address(let address): return .success(IPv4Address.text(address))
        case .failure: return .failure(.invalidIPv4)
        }
    }

    /// An ASCII name is only lowercased, whatever UTS #46 would say of its `xn--` labels:
    /// browsers pass them through, and the URL Standard follows them since June 2026
    /// (whatwg/url#914, web-platform-tests#60476).
    private static func toASCII(_ domain: [UInt8]) -> Result<String, Problem> {
        if domain.allSatisfy({ $0 < 0x80 }) {
            return .success(String(decoding: domain.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self))
        }
        switch IDNA.toASCII(domain) {
        case .success(let ascii): return .success(ascii)
        case .failure(.invalid(let errors)): return .failure(.idna(errors))
        case .failure(.unavailable): return .failure(.idnaUnavailable)
        }
    }

    static func isForbiddenDomainCodePoint(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x20, 0x7F: true
        case 0x23, 0x25, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x7C: true
        default: false
        }
    }

    /// Percent-decoding as the URL Standard does it: `%` without two hex digits stays.
    static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = bytes[index + 1].asciiHexValue, let low = bytes[index + 2].asciiHexValue
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
