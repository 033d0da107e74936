/// The shape of a personal API token: a prefix secret scanners can look for
/// (`ulpat_` then 43 base-62 characters), and how the API names one without showing it.
enum PersonalToken {
    static let prefix = "ulpat_"
    static let randomLength = 43

    static func make() -> String { prefix + Identifiers.random(randomLength) }

    /// Enough to recognise a token in a list, nothing to use it with.
    static func hint(of token: String) -> String { String(token.prefix(prefix.count + 4)) + "…" }

    static func id() -> String { "tok_" + Identifiers.random(16) }
}
