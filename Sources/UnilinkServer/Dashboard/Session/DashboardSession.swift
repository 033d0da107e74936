import Crypto
import Foundation
import Hummingbird
import UnilinkCore
import UnilinkStorage

/// A signed-in dashboard visitor: a person (their roles), or, for deployments that sign in
/// with a credential, the admin token (everything) or one app's secret key (that app's
/// links and numbers). The cookie holds a random token; the store keeps its hash.
struct DashboardSession: Sendable {
    /// How much of a session's token hash names it in the audit log and the session list.
    static let auditIDLength = 12

    let tokenHash: String
    /// The person signed in; `nil` for a credential.
    let user: User?
    /// A secret key's app; `nil` for a person and the admin token.
    let appID: String?
    /// What the session may do: `Authorizer`'s decision reads it, as it reads an API token's.
    let access: Access
    /// Every form carries it; derived from the cookie's token, so it needs no storage and
    /// a page of another site cannot know it.
    let csrfToken: String

    /// The session's short name, as the account page lists it and the audit log names it.
    var shortID: String { String(tokenHash.prefix(Self.auditIDLength)) }

    static let cookieName = "unilink_session"

    init(token: String, user: User?, appID: String?, access: Access) {
        tokenHash = Identifiers.hash(token)
        self.user = user
        self.appID = appID
        self.access = access
        csrfToken = Self.csrf(for: token)
    }

    static func csrf(for token: String) -> String {
        let key = SymmetricKey(data: Data(token.utf8))
        return Base64URL.string(HMAC<SHA256>.authenticationCode(for: Data("unilink-dashboard-csrf".utf8), using: key))
    }

    /// The session of the request's cookie, if it is stored, current, past its second
    /// factor, and its person (or app) still there and enabled.
    static func find(_ request: Request, store: any SessionStore & PeopleStore, directory: HostDirectory, people: PeopleDirectory) async throws
        -> DashboardSession?
    {
        guard let token = cookieToken(request), let record = try await store.session(tokenHash: Identifiers.hash(token), at: .now),
            !record.awaitingCode
        else { return nil }
        if let userID = record.userID {
            let snapshot = people.current
            // A person made on another instance a moment ago may not have reached this one's
            // directory yet: the database says whether they exist.
            var found = snapshot.users[userID]
            if found == nil { found = try await store.user(id: userID) }
            guard let user = found, !user.isDisabled else { return nil }
            return DashboardSession(token: token, user: user, appID: nil, access: snapshot.access(of: user))
        }
        if let appID = record.appID {
            guard directory.current.apps[appID] != nil else { return nil }
            return DashboardSession(token: token, user: nil, appID: appID, access: .secretKey(of: appID))
        }
        return DashboardSession(token: token, user: nil, appID: nil, access: .everything)
    }

    /// The cookie's token, when it has a token's shape.
    static func cookieToken(_ request: Request) -> String? {
        guard let token = request.cookies[cookieName]?.value, token.count == 43 else { return nil }
        return token
    }

    /// A form's CSRF field matches this session's token.
    func accepts(_ csrf: String?) -> Bool {
        guard let csrf else { return false }
        return ConstantTime.equals(csrf, csrfToken)
    }

    /// How the audit log names whoever is signed in.
    var actor: AuditActor {
        if let user { return AuditActor(.user, id: user.id, userID: user.id) }
        return AuditActor(.dashboard, id: shortID)
    }

    /// The cookie for a new session: not readable by scripts, never sent by other sites'
    /// requests, and only over TLS when the visitor came over TLS.
    static func cookie(token: String, maxAge: Int, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: token, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }

    static func newToken() -> String { Identifiers.random(43) }
}
