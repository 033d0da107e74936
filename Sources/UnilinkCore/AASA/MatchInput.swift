/// A URL prepared for matching, once per combination of `caseSensitive` and
/// `percentEncoded` that the rules ask for. Each part is prepared when a rule first asks
/// for it: the usual rule looks at the path only, and a case-sensitive, percent-encoded
/// rule (the generated files' kind) sees the URL's own strings, copied nowhere.
struct MatchInput {
    struct Variant: Sendable, Hashable {
        var caseSensitive: Bool
        var percentEncoded: Bool

        var slot: Int { (caseSensitive ? 0 : 1) + (percentEncoded ? 0 : 2) }
        var isVerbatim: Bool { caseSensitive && percentEncoded }
    }

    private struct Prepared {
        var path: String?
        var query: String?
        var fragment: String?
        var queryItems: [(name: String, value: String)]?
    }

    private let url: LinkURL
    private let path: String
    /// Made when a rule first needs a part other than verbatim.
    private var cache: [Prepared] = []

    init(_ url: LinkURL) {
        self.url = url
        path = url.normalizedPath
    }

    private func form(_ text: String, _ variant: Variant) -> String {
        guard !variant.isVerbatim else { return text }
        let decoded = variant.percentEncoded ? text : PercentEncoding.decode(text)
        return variant.caseSensitive ? decoded : URLPattern.fold(decoded)
    }

    mutating func path(_ variant: Variant) -> String {
        prepared(\.path, path, variant)
    }

    /// Empty when the URL has none (an absent query or fragment counts as empty).
    mutating func query(_ variant: Variant) -> String {
        prepared(\.query, url.query ?? "", variant)
    }

    mutating func fragment(_ variant: Variant) -> String {
        prepared(\.fragment, url.fragment ?? "", variant)
    }

    private mutating func prepared(_ part: WritableKeyPath<Prepared, String?>, _ text: String, _ variant: Variant) -> String {
        if variant.isVerbatim { return text }
        if cache.isEmpty { cache = Array(repeating: Prepared(), count: 4) }
        if let ready = cache[variant.slot][keyPath: part] { return ready }
        let ready = form(text, variant)
        cache[variant.slot][keyPath: part] = ready
        return ready
    }

    mutating func queryItems(_ variant: Variant) -> [(name: String, value: String)] {
        if cache.isEmpty { cache = Array(repeating: Prepared(), count: 4) }
        if let ready = cache[variant.slot].queryItems { return ready }
        let items: [(name: String, value: String)] = (url.query ?? "").split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (form(String(parts[0]), variant), parts.count > 1 ? form(String(parts[1]), variant) : "")
        }
        cache[variant.slot].queryItems = items
        return items
    }
}
