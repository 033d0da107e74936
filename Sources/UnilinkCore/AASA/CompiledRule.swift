/// One component (or legacy path) ready to match, with its effective settings.
struct CompiledRule: Sendable {
    let path: PathPattern?
    let query: QueryMatcher?
    let fragment: URLPattern?
    let exclude: Bool
    let variant: MatchInput.Variant
    let reference: AASARuleReference

    init(
        _ rule: AASADocument.Component, reference: AASARuleReference,
        defaults: [AASADocument.ComponentDefaults?], variables: SubstitutionVariables
    ) {
        // Every key: rule > app defaults > domain defaults > built-in.
        let component = rule.inheriting(defaults)
        let caseSensitive = component.caseSensitive ?? true
        let percentEncoded = component.percentEncoded ?? true
        variant = MatchInput.Variant(caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        path = component.path.map { PathPattern($0, variables: variables, caseSensitive: caseSensitive) }
        fragment = component.fragment.map { URLPattern($0, variables: variables, caseSensitive: caseSensitive) }
        switch component.query {
        case .string(let pattern): query = .whole(URLPattern(pattern, variables: variables, caseSensitive: caseSensitive))
        case .items(let items):
            query = .items(
                items.sorted { $0.key < $1.key }.map { name, pattern in
                    (caseSensitive ? name : URLPattern.fold(name), URLPattern(pattern, variables: variables, caseSensitive: caseSensitive))
                })
        // A dictionary with a non-string value is ignored by Apple, as if the key were absent.
        case .ignored, nil: query = nil
        }
        exclude = component.exclude ?? false
        self.reference = reference
    }

    /// Legacy `paths` entry: path only, case-sensitive, `NOT ` excludes.
    init(legacyPath: String, reference: AASARuleReference, variables: SubstitutionVariables) {
        let excluded = legacyPath.hasPrefix("NOT ")
        let pattern = excluded ? String(legacyPath.dropFirst(4)) : legacyPath
        path = PathPattern(pattern, variables: variables, caseSensitive: true)
        query = nil
        fragment = nil
        exclude = excluded
        variant = MatchInput.Variant(caseSensitive: true, percentEncoded: true)
        self.reference = reference
    }

    func matches(_ input: inout MatchInput) -> Bool {
        if let path, !path.matches(input.path(variant)) { return false }
        if let fragment, !fragment.matches(input.fragment(variant)) { return false }
        switch query {
        case nil: return true
        case .whole(let pattern): return pattern.matches(input.query(variant))
        case .items(let items):
            let present = input.queryItems(variant)
            return items.allSatisfy { name, pattern in
                var seen = false
                for item in present where item.name == name {
                    seen = true
                    if !pattern.matches(item.value) { return false }
                }
                // A missing item counts as empty.
                return seen || pattern.matches("")
            }
        }
    }
}

enum QueryMatcher: Sendable {
    case whole(URLPattern)
    case items([(name: String, pattern: URLPattern)])
}

/// A path pattern with Apple's slash rules: leading `/` optional, trailing slashes
/// ignored, and `/buy/*` also matching `/buy` itself (but not `/buyer`).
struct PathPattern: Sendable {
    let pattern: URLPattern
    let parent: URLPattern?

    init(_ source: String, variables: SubstitutionVariables, caseSensitive: Bool) {
        // Apple reads `//abc` as `/abc`: a run of leading slashes is one.
        var text = "/" + source.drop(while: { $0 == "/" })
        if source.hasPrefix("*") { text = source }
        text = LinkURL.trimmingTrailingSlashes(text)
        pattern = URLPattern(text, variables: variables, caseSensitive: caseSensitive)
        if text.hasSuffix("/*") {
            let parentText = String(text.dropLast(2))
            parent = URLPattern(parentText.isEmpty ? "/" : parentText, variables: variables, caseSensitive: caseSensitive)
        } else {
            parent = nil
        }
    }

    func matches(_ path: String) -> Bool {
        pattern.matches(path) || parent?.matches(path) == true
    }
}
