/// The URL Standard's IPv4 parser: one to four parts, each decimal, octal (a leading `0`)
/// or hexadecimal (`0x`), of any length; the last part fills the bytes the others left.
/// Numbers are computed whole, so leading zeros cannot push digits out of view and an
/// overflow makes the host invalid, as in browsers.
enum IPv4Address {
    enum Parse: Equatable {
        case address(UInt32)
        case failure
    }

    /// A host whose last label is a number is an IPv4 address or nothing ("ends in a number").
    static func endsInANumber(_ labels: [Substring]) -> Bool {
        var labels = labels
        if labels.last?.isEmpty == true {
            if labels.count == 1 { return false }
            labels.removeLast()
        }
        guard let last = labels.last, !last.isEmpty else { return false }
        if last.utf8.allSatisfy(\.isASCIIDigit) { return true }
        return number(last) != nil
    }

    static func parse(_ labels: [Substring]) -> Parse {
        var parts = labels
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { return .failure }
        var numbers: [UInt64] = []
        for part in parts {
            guard let value = number(part) else { return .failure }
            numbers.append(value)
        }
        guard let last = numbers.last, numbers.dropLast().allSatisfy({ $0 <= 255 }) else { return .failure }
        guard last < UInt64(1) << (8 * UInt64(5 - numbers.count)) else { return .failure }
        var address = last
        for (index, number) in numbers.dropLast().enumerated() { address += number << (8 * UInt64(3 - index)) }
        return .address(UInt32(address))
    }

    static func text(_ address: UInt32) -> String {
        (0..<4).map { String((address >> (8 * UInt32(3 - $0))) & 0xFF) }.joined(separator: ".")
    }

    /// One part's value, saturated just above 2^32 (already too large for any part), or
    /// `nil` when it is not a number in its radix.
    static func number(_ part: Substring) -> UInt64? {
        var digits = part.utf8[...]
        guard !digits.isEmpty else { return nil }
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"),
            digits.dropFirst().first == UInt8(ascii: "x") || digits.dropFirst().first == UInt8(ascii: "X")
        {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            radix = 8
        }
        let ceiling = UInt64(UInt32.max) + 1
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = digitValue(byte), digit < radix else { return nil }
            value = min(value * radix + digit, ceiling)
        }
        return value
    }

    private static func digitValue(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
