import Hummingbird
import HummingbirdAuth
import UnilinkStorage

/// hummingbird-auth's `SessionAuthenticator` for the dashboard: the session of the
/// request's cookie (stored, current, of a person or app that still exists) becomes the
/// context's identity. Without one the request goes on signed out; the signed-in group
/// refuses it.
struct DashboardSessionAuthenticator: AuthenticatorMiddleware {
    typealias Context = DashboardContext

    let store: any SessionStore & PeopleStore
    let directory: HostDirectory
    let people: PeopleDirectory

    func authenticate(request: Request, context: DashboardContext) async throws -> DashboardSession? {
        try await DashboardSession.find(request, store: store, directory: directory, people: people)
    }
}
