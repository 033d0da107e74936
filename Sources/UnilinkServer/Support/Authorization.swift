import HTTPTypes
import Foundation
import Hummingbird
import UnilinkCore

/// Who is calling: the admin, an app through its secret key, or an app's SDK through
/// its publishable key.
struct Authorization {
    let directory: HostDirectory

    func requireAdmin(_ request: Request) throws {
        let snapshot = directory.current
        guard let token = bearer(request) else { throw APIError.unauthorized("send the admin token as 'Authorization: Bearer <token>'") }
        guard let stored = snapshot.adminTokenHash, constantTimeEquals(Identifiers.hash(token), stored) else {
            throw APIError.unauthorized("the admin token is not valid")
        }
    }

    /// The app whose secret key the request carries.
    func requireApp(_ request: Request) throws -> App {
        let snapshot = directory.current
        guard let key = bearer(request) else { throw APIError.unauthorized("send the app's secret key as 'Authorization: Bearer sk_...'") }
        let hash = Identifiers.hash(key)
        guard key.hasPrefix("sk_"), let appID = snapshot.secretKeys[hash], let app = snapshot.apps[appID] else {
            throw APIError.unauthorized("the secret key is not valid")
        }
        if let expiry = snapshot.keyExpiry[hash], expiry <= .now { throw APIError.unauthorized("the secret key was rotated and its grace period is over") }
        return app
    }

    /// The app whose publishable key is in `X-Unilink-Key`.
    func requirePublishable(_ request: Request) throws -> App {
        let snapshot = directory.current
        guard let key = request.headers[Self.keyHeader], !key.isEmpty else {
            throw APIError.unauthorized("send the app's publishable key in the X-Unilink-Key header")
        }
        guard let appID = snapshot.publishableKeys[key], let app = snapshot.apps[appID] else {
            throw APIError.unauthorized("the publishable key is not valid")
        }
        if let expiry = snapshot.keyExpiry[key], expiry <= .now { throw APIError.unauthorized("the publishable key was rotated and its grace period is over") }
        return app
    }

    static let keyHeader = HTTPField.Name("X-Unilink-Key")!

    private func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return nil }
        let token = header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
