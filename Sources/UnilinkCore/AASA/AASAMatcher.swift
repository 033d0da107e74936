import Foundation

/// An association file compiled for matching: every pattern parsed once, so a decision
/// costs only the comparisons.
///
/// Behaves as iOS 13+ does: a detail with `components` is matched by its components,
/// one without by its legacy `paths`; details and rules are tried in order and the
/// first rule that matches decides (`exclude` included: no fall-through).
public struct AASAMatcher: Sendable {
    let details: [CompiledDetail]

    public init(_ document: AASADocument) {
        guard let applinks = document.applinks else {
            details = []
            return
        }
        let variables = SubstitutionVariables(custom: applinks.substitutionVariables ?? [:])
        details = applinks.details.enumerated().map { index, detail in
            CompiledDetail(index: index, detail: detail, domainDefaults: applinks.defaults, variables: variables)
        }
    }

    /// Every app ID the `applinks` section names, in order of appearance.
    public var appIDs: [String] {
        var seen = Set<String>()
        return details.flatMap(\.appIDs).filter { seen.insert($0).inserted }
    }

    /// Decides for `url` served on `host` (the host the file was fetched from).
    public func decide(appID: String, url: String, host: String) -> AASAVerdict {
        guard let link = LinkURL(url) else { return .noMatch("not an absolute URL") }
        return decide(appID: appID, url: link, host: host)
    }

    public func decide(appID: String, url: LinkURL, host: String) -> AASAVerdict {
        guard url.scheme == "https" else { return .noMatch("universal links are https only") }
        guard Self.host(url.host, isServedBy: host) else { return .noMatch("the URL's host is not \(host)") }
        var input = MatchInput(url)
        var knowsApp = false
        for detail in details where detail.appIDs.contains(appID) {
            knowsApp = true
            if let verdict = detail.decide(&input) { return verdict }
        }
        return .noMatch(knowsApp ? nil : "the file does not name \(appID)")
    }

    static func host(_ urlHost: String, isServedBy fileHost: String) -> Bool {
        if urlHost == fileHost { return true }
        var fileHost = fileHost.lowercased()
        if fileHost.hasSuffix(".") { fileHost.removeLast() }
        if fileHost.hasPrefix("*.") {
            return urlHost.hasSuffix(fileHost.dropFirst(1))
        }
        return urlHost == fileHost
    }
}

/// One `details` entry, compiled.
struct CompiledDetail: Sendable {
    let appIDs: [String]
    let rules: [CompiledRule]

    init(index: Int, detail: AASADocument.Detail, domainDefaults: AASADocument.ComponentDefaults?, variables: SubstitutionVariables) {
        appIDs = detail.allAppIDs
        if let components = detail.components {
            rules = components.enumerated().map { componentIndex, component in
                CompiledRule(
                    component, reference: AASARuleReference(detail: index, kind: .component(componentIndex), text: component.compactJSON),
                    defaults: [detail.defaults, domainDefaults], variables: variables)
            }
        } else {
            rules = (detail.paths ?? []).enumerated().map { pathIndex, path in
                CompiledRule(
                    legacyPath: path, reference: AASARuleReference(detail: index, kind: .legacyPath(pathIndex), text: "\"\(path)\""),
                    variables: variables)
            }
        }
    }

    func decide(_ input: inout MatchInput) -> AASAVerdict? {
        for rule in rules where rule.matches(&input) {
            return AASAVerdict(decision: rule.exclude ? .exclude : .match, rule: rule.reference)
        }
        return nil
    }
}

extension AASADocument.Component {
    var compactJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }
}
