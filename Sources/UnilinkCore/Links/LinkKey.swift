/// How a stored link is found: by its code, or by its alias within its app. The link cache
/// keys its entries by it, and the change feed announces which ones changed.
public enum LinkKey: Hashable, Sendable {
    case code(String)
    case alias(appID: String, alias: String)

    /// The keys a link is found by.
    public static func keys(of link: Link) -> [LinkKey] {
        [.code(link.code)] + (link.alias.map { [.alias(appID: link.appID, alias: $0)] } ?? [])
    }

    /// As the change feed announces it: `c <code>` or `a <app id> <alias>`.
    public var text: String {
        switch self {
        case .code(let code): "c \(code)"
        case .alias(let appID, let alias): "a \(appID) \(alias)"
        }
    }

    public init?(text: Substring) {
        let parts = text.split(separator: " ", maxSplits: 2)
        switch (parts.first, parts.count) {
        case ("c", 2): self = .code(String(parts[1]))
        case ("a", 3): self = .alias(appID: String(parts[1]), alias: String(parts[2]))
        default: return nil
        }
    }
}
