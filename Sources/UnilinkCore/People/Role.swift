/// What a person may do in one app. The organisation's owners may do everything in every
/// app (`Access.isOwner`); everyone else has one role per app they belong to.
public enum Role: String, Sendable, CaseIterable, Codable, Comparable {
    /// Links and numbers, read only.
    case viewer
    /// Links, QR codes and imports.
    case editor
    /// The app's settings, hosts, keys and members, and its audit log.
    case admin

    /// What the role allows in its app.
    public var scopes: Set<Scope> {
        switch self {
        case .viewer: [.appsRead, .linksRead, .statsRead]
        case .editor: [.appsRead, .linksRead, .linksWrite, .statsRead]
        case .admin: [.appsRead, .appsWrite, .linksRead, .linksWrite, .statsRead, .membersWrite, .auditRead]
        }
    }

    public static func < (lhs: Role, rhs: Role) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
