import Foundation

/// Compact JSON into a byte buffer: objects, string/number/bool fields, `nil` omitted.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init() {
        bytes.reserveCapacity(512)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object, as the value of `name` inside another one.
    mutating func open(_ name: String? = nil) {
        if let name { key(name) }
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func close() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func key(_ name: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func field(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
        needsComma = true
    }

    mutating func field(_ name: String, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    mutating func field(_ name: String, _ value: Double?) {
        guard let value, value.isFinite else { return }
        key(name)
        // Integral values as integers, as the encoder writes them; others in Swift's
        // shortest round-tripping form.
        if value == value.rounded(), abs(value) < 1e15 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
        needsComma = true
    }

    mutating func field(_ name: String, _ values: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { quote($0) }
    }

    private mutating func quote(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        // Nearly every value needs no escaping: then it is copied whole.
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
