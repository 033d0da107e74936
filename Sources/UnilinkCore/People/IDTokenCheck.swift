public import Foundation

/// What an ID token says about who signed in, once its signature was checked.
public struct IDTokenClaims: Sendable, Equatable {
    public var issuer: String
    public var audiences: [String]
    /// The party it was issued to, when the provider names one (OpenID Connect Core 3.1.3.7).
    public var authorizedParty: String?
    public var expires: Date
    public var issuedAt: Date
    public var nonce: String?
    public var subject: String
    public var email: String?
    public var emailVerified: Bool?
    public var name: String?
    public var groups: [String]

    public init(
        issuer: String, audiences: [String], authorizedParty: String? = nil, expires: Date, issuedAt: Date, nonce: String?, subject: String,
        email: String?, emailVerified: Bool?, name: String? = nil, groups: [String] = []
    ) {
        self.issuer = issuer
        self.audiences = audiences
        self.authorizedParty = authorizedParty
        self.expires = expires
        self.issuedAt = issuedAt
        self.nonce = nonce
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.groups = groups
    }
}

/// The checks OpenID Connect Core (3.1.3.7) asks of an ID token after its signature, in
/// one pure decision: the issuer, the audience, the times with a bounded clock skew, the
/// nonce of this sign-in, a verified e-mail address, and the organisation's domains.
public enum IDTokenCheck {
    /// Clocks of the provider and the server may differ by this much.
    public static let skew: TimeInterval = 120

    public enum Refusal: Sendable, Equatable, CustomStringConvertible {
        case issuer(String)
        case audience
        case expired
        case issuedInTheFuture
        case nonce
        case noEmail
        case emailNotVerified
        case domainNotAllowed(String)

        public var description: String {
            switch self {
            case .issuer(let issuer): "the ID token was issued by '\(issuer)', not by the configured provider"
            case .audience: "the ID token is not for this server (its audience is another client)"
            case .expired: "the ID token has expired"
            case .issuedInTheFuture: "the ID token was issued in the future (check the clocks)"
            case .nonce: "the ID token does not belong to this sign-in (its nonce differs)"
            case .noEmail: "the provider did not say the person's e-mail address"
            case .emailNotVerified: "the provider has not verified the person's e-mail address"
            case .domainNotAllowed(let domain): "e-mail addresses at '\(domain)' may not sign in here"
            }
        }
    }

    /// Why the claims are refused, or `nil`. `allowedDomains` empty lets any domain through
    /// (whether an account may be made is `mayCreateAccount`).
    public static func refusal(
        _ claims: IDTokenClaims, issuer: String, clientID: String, nonce: String, allowedDomains: Set<String>, now: Date
    ) -> Refusal? {
        if claims.issuer != issuer { return .issuer(claims.issuer) }
        guard claims.audiences.contains(clientID) else { return .audience }
        if claims.audiences.count > 1, let party = claims.authorizedParty, party != clientID { return .audience }
        if claims.expires.addingTimeInterval(skew) <= now { return .expired }
        if claims.issuedAt.addingTimeInterval(-skew) > now { return .issuedInTheFuture }
        guard let given = claims.nonce, given == nonce else { return .nonce }
        guard let email = claims.email.map(User.normalize(email:)), User.isPlausible(email: email) else { return .noEmail }
        guard claims.emailVerified == true else { return .emailNotVerified }
        let domain = String(email.split(separator: "@").last ?? "")
        if !allowedDomains.isEmpty, !allowedDomains.contains(domain) { return .domainNotAllowed(domain) }
        return nil
    }

    /// A first sign-in makes an account only for the organisation's own domains.
    public static func mayCreateAccount(email: String, allowedDomains: Set<String>) -> Bool {
        guard let domain = User.normalize(email: email).split(separator: "@").last else { return false }
        return allowedDomains.contains(String(domain))
    }
}

/// Roles from the provider's groups (`UNILINK_OIDC_GROUP_ROLES`): `group=owner` makes an
/// owner, `group=app_id:role` a role in one app; entries are separated by commas, and a
/// person in several groups gets the highest role per app.
public struct GroupRoles: Sendable, Equatable {
    public enum Grant: Sendable, Equatable {
        case owner
        case role(app: String, Role)
    }

    public var grants: [String: [Grant]]

    public init(grants: [String: [Grant]] = [:]) {
        self.grants = grants
    }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(parsing text: String) throws(ParseError) {
        var grants: [String: [Grant]] = [:]
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else { throw ParseError(description: "'\(entry)' is not group=owner or group=app_id:role") }
            if parts[1] == "owner" {
                grants[parts[0], default: []].append(.owner)
                continue
            }
            let target = parts[1].split(separator: ":", maxSplits: 1).map(String.init)
            guard target.count == 2, !target[0].isEmpty, let role = Role(rawValue: target[1]) else {
                throw ParseError(description: "'\(entry)' is not group=owner or group=app_id:role (role viewer, editor or admin)")
            }
            grants[parts[0], default: []].append(.role(app: target[0], role))
        }
        self.grants = grants
    }

    /// What `groups` grant: owner or not, and the highest role per app.
    public func apply(_ groups: [String]) -> (isOwner: Bool, roles: [String: Role]) {
        var owner = false
        var roles: [String: Role] = [:]
        for group in groups {
            for grant in grants[group] ?? [] {
                switch grant {
                case .owner: owner = true
                case .role(let app, let role): roles[app] = max(roles[app] ?? role, role)
                }
            }
        }
        return (owner, roles)
    }
}
