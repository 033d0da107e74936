/// One kind of action, as roles grant it and API tokens are limited to it. In one app,
/// or, for `appsWrite` (creating apps), `usersRead`, `usersWrite` and `auditRead`,
/// across the organisation, which only its owners may.
public enum Scope: String, Sendable, CaseIterable, Codable, Comparable {
    case appsRead = "apps:read"
    case appsWrite = "apps:write"
    case linksRead = "links:read"
    case linksWrite = "links:write"
    case statsRead = "stats:read"
    case membersWrite = "members:write"
    case auditRead = "audit:read"
    /// The organisation's people: owners only.
    case usersRead = "users:read"
    /// People, invitations, and other people's tokens and sessions: owners only.
    case usersWrite = "users:write"

    public static func < (lhs: Scope, rhs: Scope) -> Bool { lhs.rawValue < rhs.rawValue }
}
