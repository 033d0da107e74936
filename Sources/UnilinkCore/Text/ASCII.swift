/// Byte classes of ASCII text (identifiers, codes, versions): `Character`'s own tests
/// accept other scripts' letters and digits, which these formats do not.
extension UInt8 {
    public var isASCIIUpper: Bool { (0x41...0x5A).contains(self) }
    public var isASCIILower: Bool { (0x61...0x7A).contains(self) }
    public var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
    public var isASCIILetter: Bool { isASCIIUpper || isASCIILower }
    public var isASCIIAlphanumeric: Bool { isASCIILetter || isASCIIDigit }
    public var isASCIIHexDigit: Bool { isASCIIDigit || (0x41...0x46).contains(self) || (0x61...0x66).contains(self) }

    /// The value of a hex digit, either case.
    public var asciiHexValue: UInt8? {
        switch self {
        case 0x30...0x39: self - 0x30
        case 0x61...0x66: self - 0x61 + 10
        case 0x41...0x46: self - 0x41 + 10
        default: nil
        }
    }
}

extension StringProtocol {
    /// Whether the text's first byte is `/`. `hasPrefix("/")` compares characters, and a
    /// combining mark or an emoji modifier right after the slash makes one character of both.
    public var startsWithSlash: Bool { utf8.first == UInt8(ascii: "/") }
}
