extension AASAMatcher {
    /// `decide`, and for a URL that is not claimed, which check failed and why (the link
    /// debugger's AASA table). The same compiled rules in the same order as `decide`,
    /// which stays as it is: resolving a click asks only for the decision.
    public func explain(appID: String, url: String, host: String) -> AASAExplanation {
        guard let link = LinkURL(url) else { return AASAExplanation(verdict: .noMatch("not an absolute URL"), miss: .notAbsoluteURL) }
        return explain(appID: appID, url: link, host: host)
    }

    public func explain(appID: String, url: LinkURL, host: String) -> AASAExplanation {
        let verdict = decide(appID: appID, url: url, host: host)
        guard verdict.decision == .noMatch else { return AASAExplanation(verdict: verdict, miss: nil) }
        guard url.scheme == "https" else { return AASAExplanation(verdict: verdict, miss: .notHTTPS(scheme: url.scheme)) }
        guard Self.host(url.host, isServedBy: host) else {
            return AASAExplanation(verdict: verdict, miss: .hostNotServed(urlHost: url.host, fileHost: host))
        }
        let entries = details.filter { $0.appIDs.contains(appID) }
        guard !entries.isEmpty else { return AASAExplanation(verdict: verdict, miss: .appNotNamed(appID: appID, named: appIDs)) }
        var input = MatchInput(url)
        let misses = entries.flatMap { entry in entry.rules.compactMap { rule in rule.miss(&input) } }
        return AASAExplanation(verdict: verdict, miss: .noRuleMatched(misses))
    }
}

extension CompiledRule {
    /// The first component that keeps this rule from matching, checked in `matches`'
    /// order; `nil` when it matches.
    func miss(_ input: inout MatchInput) -> AASARuleMiss? {
        func failed(_ component: AASARuleMiss.Component) -> AASARuleMiss { AASARuleMiss(rule: reference, component: component, excludes: exclude) }
        if let path, !path.matches(input.path(variant)) { return failed(.path(pattern: path.pattern.source, value: input.path(variant))) }
        if let fragment, !fragment.matches(input.fragment(variant)) {
            return failed(.fragment(pattern: fragment.source, value: input.fragment(variant)))
        }
        switch query {
        case nil:
            return nil
        case .whole(let pattern):
            return pattern.matches(input.query(variant)) ? nil : failed(.query(pattern: pattern.source, value: input.query(variant)))
        case .items(let items):
            let present = input.queryItems(variant)
            for (name, pattern) in items {
                let values = present.filter { $0.name == name }.map(\.value)
                if values.isEmpty, !pattern.matches("") { return failed(.queryItem(name: name, pattern: pattern.source, value: nil)) }
                if let wrong = values.first(where: { !pattern.matches($0) }) {
                    return failed(.queryItem(name: name, pattern: pattern.source, value: wrong))
                }
            }
            return nil
        }
    }
}
