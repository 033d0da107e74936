/// Short codes: 7 characters from an alphabet without look-alikes (no 0/O, 1/l/I),
/// drawn at random, so codes are easy to read aloud and cannot be enumerated in order.
/// 54^7 is about 1.3e12: collisions are rare and retried by the store.
public enum ShortCode {
    public static let alphabet = Array("23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ")
    public static let length = 7

    public static func make<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }

    /// Whether `text` could be a code (cheap check before any lookup).
    public static func isWellFormed(_ text: Substring) -> Bool {
        let bytes = text.utf8
        return bytes.count == length && bytes.allSatisfy { $0 < 128 && isInAlphabet[Int($0)] }
    }

    /// By ASCII byte: every click checks its code, and a search of the alphabet per
    /// character cost as much as the link's lookup.
    private static let isInAlphabet: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        for character in alphabet { table[Int(character.asciiValue!)] = true }
        return table
    }()
}

/// A readable name chosen by the link creator for the short host (`summer-sale`).
public enum Alias {
    public static let maxLength = 64

    /// Letters, digits, `-` and `_`; not a name the server itself answers on.
    public static func problem(with alias: String) -> String? {
        if alias.isEmpty { return "alias must not be empty" }
        if alias.count > maxLength { return "alias is longer than \(maxLength) characters" }
        let allowed = alias.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
        if !allowed { return "alias may contain only letters, digits, '-' and '_'" }
        if isReserved(alias) { return "alias '\(alias)' is reserved: the server answers that path itself" }
        return nil
    }

    public static func isReserved(_ alias: String) -> Bool { reserved.contains(alias.lowercased()) }

    /// The shared paths a short host answers itself (the server's `SharedPaths`), and the
    /// folders below which nothing is a link.
    static let reserved: Set<String> = [
        "v1", "sdk", ".well-known", "healthz", "readyz", "metrics", "robots.txt", "openapi.json",
        "apple-app-site-association", "favicon.ico",
    ]
}
