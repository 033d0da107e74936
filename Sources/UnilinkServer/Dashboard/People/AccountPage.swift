import Foundation
import UnilinkCore
import UnilinkStorage

/// A person's account page.
struct AccountPage: DashboardPage {
    struct Session: Sendable {
        let id: String
        let opened: Moment
        let address: String
        let agent: String
        let current: Bool
    }

    struct Token: Sendable {
        let id: String
        let name: String
        let hint: String
        let scopes: String
        let apps: String
        /// nil: never.
        let expires: Moment?
        /// nil: never.
        let lastUsed: Moment?
        let state: String
        let usable: Bool
    }

    struct ScopeChoice: Sendable {
        let value: String
    }

    struct AppChoice: Sendable {
        let id: String
        let name: String
    }

    static let template = "account"
    let title = "Your account"
    var email: String
    var name: String
    var owner: Bool
    var twoFactor: Bool
    /// People who sign in through the provider have no password here, and no second factor.
    var hasPassword: Bool
    var sessions: [Session]
    var tokens: [Token]
    var scopes: [ScopeChoice]
    var apps: [AppChoice]
    /// A token just made: shown this once.
    var newToken: String?
    var notice: String?
    var error: String?
    var session: PageSession?

    init(user: User, sessions: [DashboardSessionRecord], current: String, tokens: [APIToken], apps: [App], now: Date = .now) {
        email = user.email
        name = user.name
        owner = user.isOwner
        twoFactor = user.totpSecret != nil
        hasPassword = user.passwordHash != nil
        self.sessions = sessions.map { record in
            Session(
                id: String(record.tokenHash.prefix(DashboardSession.auditIDLength)), opened: Moment(record.createdAt),
                address: record.address ?? "", agent: record.userAgent ?? "", current: record.tokenHash == current)
        }
        self.tokens = tokens.map { token in
            let state =
                token.revokedAt != nil ? "revoked" : (token.expiresAt.map { $0 <= now } ?? false) ? "expired" : "active"
            return Token(
                id: token.id, name: token.name, hint: token.hint, scopes: token.scopes.sorted().map(\.rawValue).joined(separator: " "),
                apps: token.appIDs?.sorted().joined(separator: ", ") ?? "all of yours", expires: token.expiresAt.map { Moment($0) },
                lastUsed: token.lastUsedAt.map { Moment($0) }, state: state, usable: state == "active")
        }
        scopes = Scope.allCases.map { ScopeChoice(value: $0.rawValue) }
        self.apps = apps.map { AppChoice(id: $0.id, name: $0.name) }
    }
}

/// Turning on the second factor: the secret as a QR code and as text, and the first code.
struct TwoFactorPage: DashboardPage {
    static let template = "two_factor"
    let title = "Two-factor sign-in"
    var secret: String
    /// The secret in base 32, as authenticator apps take it typed in.
    var typed: String
    var qr: TrustedHTML
    var error: String?
    var session: PageSession?

    init(secret: String, account: String) {
        self.secret = secret
        let url = SecondFactor.url(secret: secret, account: account)
        typed = URLComponents(string: url)?.queryItems?.first { $0.name == "secret" }?.value ?? ""
        qr = TrustedHTML(text: (try? QRCode(text: url).svg(pixels: 220)) ?? "")
    }
}
