import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import UnilinkCore

/// hummingbird-auth's authenticator for one route group: checks the credential the group
/// needs and puts the caller on the context. Every route of the group needs it, so a
/// missing or wrong credential ends the request here with a 401 naming what to send.
/// What the caller may then do is `Authorizer`'s decision, route by route.
struct CallerAuthenticator: AuthenticatorMiddleware {
    typealias Context = AppRequestContext

    enum Credential: Sendable {
        /// The management API: the admin token, an app's secret key or a person's API token.
        case management
        case publishableKey
    }

    let credential: Credential
    let directory: HostDirectory
    let people: PeopleDirectory

    func authenticate(request: Request, context: Context) async throws -> Caller? {
        switch credential {
        case .management:
            guard let token = request.bearerToken else {
                throw APIError.unauthorized("send an API token, an app's secret key or the admin token as 'Authorization: Bearer <token>'")
            }
            return try caller(bearing: token)
        case .publishableKey:
            guard let key = request.headers[Self.keyHeader], !key.isEmpty else {
                throw APIError.unauthorized("send the app's publishable key in the X-Unilink-Key header")
            }
            switch directory.current.app(forPublishableKey: key) {
            case .success(let app): return .publishableKey(app)
            case .failure(.expired): throw APIError.unauthorized("the publishable key was rotated and its grace period is over")
            case .failure(.unknown): throw APIError.unauthorized("the publishable key is not valid")
            }
        }
    }

    /// The caller a bearer token names. Personal tokens and secret keys are told apart by
    /// their prefixes, so a refusal can say what was wrong with the one sent.
    private func caller(bearing token: String) throws -> Caller {
        let snapshot = directory.current
        if token.hasPrefix(PersonalToken.prefix) {
            switch people.token(token) {
            case .success(let (stored, user, access)):
                people.noteUse(of: stored.id)
                return .person(stored, user, access)
            case .failure(.expired(let date)): throw APIError.unauthorized("the API token expired at \(Timestamp.format(date))")
            case .failure(.ownerDisabled): throw APIError.unauthorized("the API token's owner is disabled")
            case .failure(.unknown): throw APIError.unauthorized("the API token is not valid (revoked, or never issued)")
            }
        }
        if token.hasPrefix("sk_") {
            switch snapshot.app(forSecretKey: token) {
            case .success(let app): return .secretKey(app)
            case .failure(.expired): throw APIError.unauthorized("the secret key was rotated and its grace period is over")
            case .failure(.unknown): throw APIError.unauthorized("the secret key is not valid")
            }
        }
        guard snapshot.isAdminToken(token) else {
            throw APIError.unauthorized("the token is not valid (not an API token, an app's secret key or the admin token)")
        }
        return .admin
    }

    static let keyHeader = HTTPField.Name("X-Unilink-Key")!
}
