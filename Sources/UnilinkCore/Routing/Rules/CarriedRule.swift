/// Which routing rule held for a click on the short host, carried by the preview's open
/// button to the alternate host (`ul_rule`) beside its click id. The second step is the
/// same click: it takes the first step's decision instead of testing the rules again, since
/// what they read there (the query, above all) is not what the visitor clicked.
public enum CarriedRule: Equatable, Sendable {
    /// No rule held: the rules are not tried again (a variant, if any, comes from `ul_ab`).
    case noRule
    /// The link's `rules[index]`.
    case link(Int)
    /// The app's `default_rules[index]`.
    case app(Int)

    /// What the button carries for `link` as it was shaped; `nil` when nothing shapes it or an
    /// A/B variant was given (`ul_ab` carries that).
    public init?(shaped link: ResolvedLink) {
        guard LinkShaping.applies(to: link) else { return nil }
        switch link.shaping {
        case 0: self = .noRule
        case 1..<0x100: self = .link(Int(link.shaping) - 1)
        case 0x100..<0x200: self = .app(Int(link.shaping) - 0x100)
        default: return nil
        }
    }

    /// Reads `ul_rule`'s value; `nil` for anything else.
    public init?(parameter: Substring) {
        if parameter == "none" {
            self = .noRule
        } else if parameter.hasPrefix("app."), let index = Self.index(parameter.dropFirst(4)) {
            self = .app(index)
        } else if let index = Self.index(parameter) {
            self = .link(index)
        } else {
            return nil
        }
    }

    /// `ul_rule`'s value.
    public var parameter: String {
        switch self {
        case .noRule: "none"
        case .link(let index): String(index)
        case .app(let index): "app.\(index)"
        }
    }

    /// Up to two digits: no link or app has more than `LinkRouting.maximumRules`.
    private static func index(_ text: Substring) -> Int? {
        guard (1...2).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
