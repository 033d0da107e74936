/// Dotted versions (`5.2.0`) and Android version codes (`520`), compared number by number.
public struct AppVersion: Sendable, Comparable, Equatable {
    let parts: [Int]

    /// Digits in one number: 10 holds Android's largest version code (2100000000, and
    /// date-like codes such as 2024061201); an `Int` holds any 10-digit number exactly.
    public static let maxDigits = 10

    /// Numbers of 1 to 10 ASCII digits separated by dots (`+5`, `5.` and `٥` are not versions).
    public init?(_ text: String) {
        let pieces = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard pieces.allSatisfy({ (1...Self.maxDigits).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }) else {
            return nil
        }
        parts = pieces.map { $0.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
    }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }
}
