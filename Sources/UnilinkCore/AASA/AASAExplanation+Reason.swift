extension AASAExplanation {
    /// The decision in one sentence a person can act on: which rule decided, or which
    /// component of the URL no rule accepts and what the rules asked for.
    public var reason: String {
        switch verdict.decision {
        case .match:
            return verdict.rule.map { "matched by \($0.description)" } ?? "matched"
        case .exclude:
            return verdict.rule.map { "excluded by \($0.description) (\($0.isLegacy ? "NOT" : "exclude: true"))" } ?? "excluded"
        case .noMatch:
            return miss?.reason ?? verdict.note ?? "no rule matched"
        }
    }
}

extension AASARuleReference {
    var isLegacy: Bool {
        if case .legacyPath = kind { return true }
        return false
    }
}

extension AASAMiss {
    public var reason: String {
        switch self {
        case .notAbsoluteURL:
            return "the URL is not absolute"
        case .notHTTPS(let scheme):
            return "the URL's scheme is \(scheme): universal links are https only"
        case .hostNotServed(let urlHost, let fileHost):
            return "the URL's host \(urlHost) is not \(fileHost), the host this file was served for"
        case .appNotNamed(let appID, let named):
            let names = named.isEmpty ? "no app" : named.joined(separator: ", ")
            return "no applinks.details entry names \(appID) in appIDs or appID (the file names \(names))"
        case .noRuleMatched(let misses):
            guard !misses.isEmpty else { return "the app's entry has no rules (neither components nor paths)" }
            return Self.sentences(misses).joined(separator: "; ")
        }
    }

    /// Path misses together (the usual case: one path, many patterns), then every other
    /// miss on its own, naming its rule.
    private static func sentences(_ misses: [AASARuleMiss]) -> [String] {
        var sentences: [String] = []
        var pathPatterns: [String] = []
        var path = ""
        for miss in misses {
            if case .path(let pattern, let value) = miss.component {
                pathPatterns.append(miss.excludes ? "\(pattern) (exclude)" : pattern)
                path = value
            }
        }
        if !pathPatterns.isEmpty {
            let plural = pathPatterns.count == 1 ? "pattern is" : "patterns are"
            sentences.append("the path \(path) matches no \"/\" pattern: the \(plural) \(pathPatterns.joined(separator: ", "))")
        }
        for miss in misses {
            let rule = miss.rule.description
            switch miss.component {
            case .path: continue
            case .query(let pattern, let value):
                sentences.append("the query \"\(value)\" does not match \"?\": \"\(pattern)\" of \(rule)")
            case .queryItem(let name, let pattern, let value?):
                sentences.append("the query item \(name)=\(value) does not match \"\(pattern)\" of \(rule)")
            case .queryItem(let name, let pattern, nil):
                sentences.append("the query has no item \(name), and \"\(pattern)\" of \(rule) does not match it empty")
            case .fragment(let pattern, let value):
                sentences.append("the fragment \"\(value)\" does not match \"#\": \"\(pattern)\" of \(rule)")
            }
        }
        return sentences
    }
}
