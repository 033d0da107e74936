import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import UnilinkCore

/// hummingbird-auth's authenticator for one route group: checks the credential the group
/// needs and puts the caller on the context. Every route of the group needs it, so a
/// missing or wrong credential ends the request here with a 401 naming what to send.
struct CallerAuthenticator: AuthenticatorMiddleware {
    typealias Context = AppRequestContext

    enum Credential: Sendable {
        case adminToken, secretKey, publishableKey
    }

    let credential: Credential
    let directory: HostDirectory

    func authenticate(request: Request, context: Context) async throws -> Caller? {
        let snapshot = directory.current
        switch credential {
        case .adminToken:
            guard let token = request.bearerToken else { throw APIError.unauthorized("send the admin token as 'Authorization: Bearer <token>'") }
            guard snapshot.isAdminToken(token) else { throw APIError.unauthorized("the admin token is not valid") }
            return .admin
        case .secretKey:
            guard let key = request.bearerToken else { throw APIError.unauthorized("send the app's secret key as 'Authorization: Bearer sk_...'") }
            switch snapshot.app(forSecretKey: key) {
            case .success(let app): return .secretKey(app)
            case .failure(.expired): throw APIError.unauthorized("the secret key was rotated and its grace period is over")
            case .failure(.unknown): throw APIError.unauthorized("the secret key is not valid")
            }
        case .publishableKey:
            guard let key = request.headers[Self.keyHeader], !key.isEmpty else {
                throw APIError.unauthorized("send the app's publishable key in the X-Unilink-Key header")
            }
            switch snapshot.app(forPublishableKey: key) {
            case .success(let app): return .publishableKey(app)
            case .failure(.expired): throw APIError.unauthorized("the publishable key was rotated and its grace period is over")
            case .failure(.unknown): throw APIError.unauthorized("the publishable key is not valid")
            }
        }
    }

    static let keyHeader = HTTPField.Name("X-Unilink-Key")!
}
