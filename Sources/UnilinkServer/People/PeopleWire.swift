import Foundation
import UnilinkCore

/// A person as the API writes them: never a password hash or a second factor's secret.
struct UserRecord: Encodable {
    struct AppRole: Encodable {
        let appID: String
        let role: String

        enum CodingKeys: String, CodingKey {
            case appID = "app_id", role
        }
    }

    let id: String
    let email: String
    let name: String
    let owner: Bool
    let disabled: Bool
    let hasPassword: Bool
    let twoFactor: Bool
    let apps: [AppRole]
    let createdAt: String

    init(_ user: User, roles: [String: Role]) {
        id = user.id
        email = user.email
        name = user.name
        owner = user.isOwner
        disabled = user.isDisabled
        hasPassword = user.passwordHash != nil
        twoFactor = user.totpSecret != nil
        apps = roles.sorted { $0.key < $1.key }.map { AppRole(appID: $0.key, role: $0.value.rawValue) }
        createdAt = Timestamp.format(user.createdAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, email, name, owner, disabled, hasPassword = "has_password", twoFactor = "two_factor", apps, createdAt = "created_at"
    }
}

/// A token as the API writes it; `token` only in the answer that made it.
struct TokenRecord: Encodable {
    let id: String
    let name: String
    let user: String
    let hint: String
    let scopes: [String]
    let apps: [String]?
    let createdAt: String
    let expiresAt: String?
    let lastUsedAt: String?
    let revokedAt: String?
    var token: String?

    init(_ token: APIToken, secret: String? = nil) {
        id = token.id
        name = token.name
        user = token.userID
        hint = token.hint
        scopes = token.scopes.sorted().map(\.rawValue)
        apps = token.appIDs?.sorted()
        createdAt = Timestamp.format(token.createdAt)
        expiresAt = token.expiresAt.map(Timestamp.format)
        lastUsedAt = token.lastUsedAt.map(Timestamp.format)
        revokedAt = token.revokedAt.map(Timestamp.format)
        self.token = secret
    }

    enum CodingKeys: String, CodingKey {
        case id, name, user, hint, scopes, apps, createdAt = "created_at", expiresAt = "expires_at", lastUsedAt = "last_used_at",
            revokedAt = "revoked_at", token
    }
}

/// A one-time link to choose a password.
struct InvitationRecord: Encodable {
    let url: String
    let expiresAt: String

    enum CodingKeys: String, CodingKey {
        case url, expiresAt = "expires_at"
    }
}

struct DataList<Item: Encodable>: Encodable {
    let data: [Item]
}
