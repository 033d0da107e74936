/// Which routing rule a click took, as the by-rule numbers keep it: its number among the
/// link's own rules, or among its app's default rules (`fromApp`), at the time of the
/// click, and its name, or none. An app rule has one number whichever link it served.
public struct RuleHit: Sendable, Hashable {
    /// From 1; `nil`: no rule held.
    public var number: Int?
    public var name: String?
    public var fromApp: Bool

    public init(number: Int?, name: String? = nil, fromApp: Bool = false) {
        self.number = number
        self.name = name
        self.fromApp = fromApp
    }

    /// The rule `shaping` took, or none when the link or its app has rules and no rule held.
    public init(_ shaping: LinkShaping) {
        self.init(
            number: shaping.rule.map { $0 + 1 }, name: shaping.rule == nil ? nil : shaping.ruleName, fromApp: shaping.rule != nil && shaping.fromApp)
    }

    /// As stored: `link:1:German site`, `app:3:`, `none::`.
    public var stored: String {
        "\(number.map { fromApp ? "app:\($0)" : "link:\($0)" } ?? "none:"):\(name ?? "")"
    }

    public init?(stored: String) {
        let parts = stored.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let name = parts[2].isEmpty ? nil : String(parts[2])
        switch parts[0] {
        case "none": self.init(number: nil)
        case "link", "app":
            guard let number = Int(parts[1]) else { return nil }
            self.init(number: number, name: name, fromApp: parts[0] == "app")
        default: return nil
        }
    }
}
