/// Lowercase hexadecimal, written straight into the string's storage.
public enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    public static func string(_ bytes: some Sequence<UInt8>) -> String {
        Array(bytes).withUnsafeBytes { string($0) }
    }

    public static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            for (index, byte) in bytes.enumerated() {
                buffer[2 * index] = digits[Int(byte >> 4)]
                buffer[2 * index + 1] = digits[Int(byte & 0x0F)]
            }
            return bytes.count * 2
        }
    }

    /// `value` in `width` digits, zero-padded (the lowest `width` digits when it has more).
    public static func digits(_ value: UInt64, width: Int) -> String {
        String(unsafeUninitializedCapacity: width) { buffer in
            var rest = value
            for index in stride(from: width - 1, through: 0, by: -1) {
                buffer[index] = digits[Int(rest & 0x0F)]
                rest >>= 4
            }
            return width
        }
    }
}
