/// The URL Standard's percent-encode sets for the parts of an http(s) URL. Every byte of
/// a non-ASCII code point's UTF-8 is above U+007E, so each set encodes it.
enum PercentEncodeSet {
    case path, query, fragment

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte < 0x21 || byte > 0x7E { return true }
        switch (self, byte) {
        case (_, UInt8(ascii: "\"")), (_, UInt8(ascii: "<")), (_, UInt8(ascii: ">")): return true
        case (.path, UInt8(ascii: "#")), (.path, UInt8(ascii: "?")), (.path, UInt8(ascii: "^")), (.path, UInt8(ascii: "`")),
            (.path, UInt8(ascii: "{")), (.path, UInt8(ascii: "}")):
            return true
        // The special-query set: http(s) queries encode the apostrophe too.
        case (.query, UInt8(ascii: "#")), (.query, UInt8(ascii: "'")): return true
        case (.fragment, UInt8(ascii: "`")): return true
        default: return false
        }
    }

    func append(_ byte: UInt8, to output: inout [UInt8]) {
        guard contains(byte) else {
            output.append(byte)
            return
        }
        let hex = Self.hexDigits
        output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
