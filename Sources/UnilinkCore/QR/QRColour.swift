import Foundation

/// A colour of a QR code, written `#rrggbb` (sRGB), with the WCAG 2 contrast between two.
public struct QRColour: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public static let black = QRColour(red: 0, green: 0, blue: 0)
    public static let white = QRColour(red: 255, green: 255, blue: 255)

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb` or `rrggbb` (a `#` is awkward in a query string), either case.
    public init?(hex text: some StringProtocol) {
        let digits = text.hasPrefix("#") ? text.dropFirst() : text[...]
        guard digits.utf8.count == 6, digits.utf8.allSatisfy(\.isASCIIHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`, lower case.
    public var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// WCAG 2's relative luminance: 0 for black, 1 for white.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio, 1 (the same) to 21 (black and white), whichever is darker.
    public static func contrast(_ one: QRColour, _ other: QRColour) -> Double {
        let (a, b) = (one.relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let colour = QRColour(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text.prefix(20))' is not #rrggbb"))
        }
        self = colour
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

}
