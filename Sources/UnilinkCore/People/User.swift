public import Foundation

/// A person with an account. Signs in with a password (bcrypt hash), optionally a TOTP
/// second factor, or through the organisation's identity provider (no password).
public struct User: Sendable, Equatable {
    /// `usr_` + random.
    public var id: String
    /// Lowercased; unique.
    public var email: String
    public var name: String
    public var passwordHash: String?
    /// The TOTP secret once the person has confirmed it.
    public var totpSecret: String?
    /// The last TOTP time step used: a code is good once.
    public var totpLastStep: Int64?
    public var isOwner: Bool
    /// Cannot sign in; their sessions and tokens stop.
    public var isDisabled: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, email: String, name: String, passwordHash: String? = nil, totpSecret: String? = nil, totpLastStep: Int64? = nil,
        isOwner: Bool, isDisabled: Bool = false, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.email = email
        self.name = name
        self.passwordHash = passwordHash
        self.totpSecret = totpSecret
        self.totpLastStep = totpLastStep
        self.isOwner = isOwner
        self.isDisabled = isDisabled
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// E-mail addresses compare without case and surrounding space.
    public static func normalize(email: String) -> String { email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }

    /// Enough to tell a mistyped address: one `@` with text on both sides and a dot after it.
    public static func isPlausible(email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix(".") else {
            return false
        }
        return email.count <= 254 && !email.contains(where: { $0.isWhitespace })
    }
}

/// A person's role in one app.
public struct Membership: Sendable, Equatable {
    public var appID: String
    public var userID: String
    public var role: Role
    public var createdAt: Date

    public init(appID: String, userID: String, role: Role, createdAt: Date) {
        self.appID = appID
        self.userID = userID
        self.role = role
        self.createdAt = createdAt
    }
}

/// A personal API token: its owner's access narrowed to `scopes` and `appIDs`. Only the
/// SHA-256 of the token is stored.
public struct APIToken: Sendable, Equatable {
    /// `tok_` + random: how the API and the audit log name it.
    public var id: String
    public var userID: String
    public var name: String
    public var tokenHash: String
    /// The token's first characters, shown to tell tokens apart.
    public var hint: String
    public var scopes: Set<Scope>
    /// `nil`: every app its owner has, now and later.
    public var appIDs: Set<String>?
    public var createdAt: Date
    public var expiresAt: Date?
    public var lastUsedAt: Date?
    public var revokedAt: Date?

    public init(
        id: String, userID: String, name: String, tokenHash: String, hint: String, scopes: Set<Scope>, appIDs: Set<String>?, createdAt: Date,
        expiresAt: Date?, lastUsedAt: Date? = nil, revokedAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.name = name
        self.tokenHash = tokenHash
        self.hint = hint
        self.scopes = scopes
        self.appIDs = appIDs
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }

    public func isUsable(at now: Date) -> Bool { revokedAt == nil && (expiresAt.map { $0 > now } ?? true) }
}

/// A one-time link that makes an account (or, from `unilink users create`, sets a
/// forgotten password): the inviter copies it; only its hash is stored.
public struct Invitation: Sendable, Equatable {
    public var id: String
    public var tokenHash: String
    public var email: String
    public var isOwner: Bool
    /// Role per app id the new account gets.
    public var roles: [String: Role]
    /// Who invited, as the audit log names them.
    public var invitedBy: String
    public var createdAt: Date
    public var expiresAt: Date
    public var acceptedAt: Date?

    public init(
        id: String, tokenHash: String, email: String, isOwner: Bool, roles: [String: Role], invitedBy: String, createdAt: Date,
        expiresAt: Date, acceptedAt: Date? = nil
    ) {
        self.id = id
        self.tokenHash = tokenHash
        self.email = email
        self.isOwner = isOwner
        self.roles = roles
        self.invitedBy = invitedBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.acceptedAt = acceptedAt
    }
}
