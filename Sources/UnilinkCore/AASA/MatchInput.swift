/// A URL prepared for matching, once per combination of `caseSensitive` and
/// `percentEncoded` that the rules ask for.
struct MatchInput {
    struct Variant: Sendable, Hashable {
        var caseSensitive: Bool
        var percentEncoded: Bool

        var slot: Int { (caseSensitive ? 0 : 1) + (percentEncoded ? 0 : 2) }
    }

    struct Prepared {
        var path: String
        /// Empty when the URL has none (an absent query or fragment counts as empty).
        var query: String
        var fragment: String
        var queryItems: [(name: String, value: String)]
    }

    private let url: LinkURL
    private var cache: [Prepared?] = [nil, nil, nil, nil]

    init(_ url: LinkURL) {
        self.url = url
    }

    mutating func prepared(_ variant: Variant) -> Prepared {
        if let ready = cache[variant.slot] { return ready }
        func form(_ text: String) -> String {
            let decoded = variant.percentEncoded ? text : PercentEncoding.decode(text)
            return variant.caseSensitive ? decoded : URLPattern.fold(decoded)
        }
        let query = url.query ?? ""
        let items: [(name: String, value: String)] = query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (form(String(parts[0])), parts.count > 1 ? form(String(parts[1])) : "")
        }
        let ready = Prepared(path: form(url.normalizedPath), query: form(query), fragment: form(url.fragment ?? ""), queryItems: items)
        cache[variant.slot] = ready
        return ready
    }
}
