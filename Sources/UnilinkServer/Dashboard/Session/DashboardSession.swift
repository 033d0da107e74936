import Crypto
import Foundation
import Hummingbird
import UnilinkCore
import UnilinkStorage

/// A signed-in dashboard visitor: the admin (every app) or one app's secret key (that
/// app's links and numbers). The cookie holds a random token; the store keeps its hash.
struct DashboardSession: Sendable {
    /// How much of a session's token hash names it in the audit log.
    static let auditIDLength = 12

    let tokenHash: String
    /// `nil` for the admin.
    let appID: String?
    /// Every form carries it; derived from the cookie's token, so it needs no storage and
    /// a page of another site cannot know it.
    let csrfToken: String

    var isAdmin: Bool { appID == nil }

    static let cookieName = "unilink_session"

    init(token: String, appID: String?) {
        tokenHash = Identifiers.hash(token)
        self.appID = appID
        csrfToken = Self.csrf(for: token)
    }

    static func csrf(for token: String) -> String {
        let key = SymmetricKey(data: Data(token.utf8))
        return Base64URL.string(HMAC<SHA256>.authenticationCode(for: Data("unilink-dashboard-csrf".utf8), using: key))
    }

    /// The session of the request's cookie, if it is stored and current.
    static func find(_ request: Request, store: any SessionStore, directory: HostDirectory) async throws -> DashboardSession? {
        guard let token = request.cookies[cookieName]?.value, token.count == 43 else { return nil }
        guard let record = try await store.session(tokenHash: Identifiers.hash(token), at: .now) else { return nil }
        if let appID = record.appID, directory.current.apps[appID] == nil { return nil }
        return DashboardSession(token: token, appID: record.appID)
    }

    /// A form's CSRF field matches this session's token.
    func accepts(_ csrf: String?) -> Bool {
        guard let csrf else { return false }
        return ConstantTime.equals(csrf, csrfToken)
    }

    /// The cookie for a new session: not readable by scripts, never sent by other sites'
    /// requests, and only over TLS when the visitor came over TLS.
    static func cookie(token: String, maxAge: Int, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: token, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }

    static func newToken() -> String { Identifiers.random(43) }
}
