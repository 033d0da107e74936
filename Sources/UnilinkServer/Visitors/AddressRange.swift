import Foundation

/// An IPv4 or IPv6 address or CIDR block (`10.0.0.0/8`, `::1`), for trusted proxies.
public struct AddressRange: Sendable, Equatable {
    let network: [UInt8]
    let prefixLength: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1)
        guard let first = parts.first, let bytes = Self.bytes(of: String(first)) else { return nil }
        let maximum = bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...maximum).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = maximum
        }
        network = bytes
    }

    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address) else { return false }
        return contains(bytes: bytes)
    }

    /// `bytes` as `bytes(of:)` gives them: one parse for many ranges.
    func contains(bytes: [UInt8]) -> Bool {
        guard bytes.count == network.count else { return false }
        var remaining = prefixLength
        for index in 0..<bytes.count where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if bytes[index] & mask != network[index] & mask { return false }
            remaining -= bits
        }
        return true
    }

    /// The 4 or 16 bytes of an address in text form; IPv4-mapped IPv6 becomes IPv4.
    static func bytes(of text: String) -> [UInt8]? {
        if let v4 = ipv4(text) { return v4 }
        guard let v6 = ipv6(text) else { return nil }
        if v6[0..<10].allSatisfy({ $0 == 0 }) && v6[10] == 0xFF && v6[11] == 0xFF { return Array(v6[12...]) }
        return v6
    }

    /// Four decimal parts of 1 to 3 digits each, read in one pass: it runs on every click
    /// (the scanners' networks).
    private static func ipv4(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4)
        var value = 0, digits = 0
        for unit in text.utf8 {
            switch unit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value * 10 + Int(unit - UInt8(ascii: "0"))
                digits += 1
                guard digits <= 3, value <= 255 else { return nil }
            case UInt8(ascii: "."):
                guard digits > 0, bytes.count < 3 else { return nil }
                bytes.append(UInt8(value))
                (value, digits) = (0, 0)
            default:
                return nil
            }
        }
        guard digits > 0, bytes.count == 3 else { return nil }
        bytes.append(UInt8(value))
        return bytes
    }

    private static func ipv6(_ text: String) -> [UInt8]? {
        var text = Substring(text)
        if let percent = text.firstIndex(of: "%") { text = text[..<percent] }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            var bytes: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains("."), let v4 = ipv4(String(piece)) {
                    bytes += v4
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
                }
            }
            return bytes
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count < 16 else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}
