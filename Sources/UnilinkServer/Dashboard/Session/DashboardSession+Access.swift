import UnilinkCore
import UnilinkStorage

/// The dashboard's side of `Authorizer`: the same decision (`Access.refusal`) over the
/// session's access, as pages rather than JSON. An app the session cannot see is not found.
extension DashboardSession {
    func app(_ id: String, _ scope: Scope, in directory: HostDirectory) throws -> App {
        guard let app = directory.current.apps[id], access.sees(app: id) else { throw DashboardError.notFound("No app has the id '\(id)'.") }
        if let refusal = access.refusal(scope, app: id) { throw DashboardError.forbidden(Self.sentence(refusal)) }
        return app
    }

    func link(_ id: String, _ scope: Scope, store: any LinkStore, directory: HostDirectory) async throws -> (Link, App) {
        guard let link = try await store.link(id: id), access.sees(app: link.appID) else {
            throw DashboardError.notFound("No link has the id '\(id)'.")
        }
        return (link, try app(link.appID, scope, in: directory))
    }

    /// `scope` across the organisation (creating apps, people, the organisation's log).
    func organisation(_ scope: Scope) throws {
        if let refusal = access.refusal(scope, app: nil) { throw DashboardError.forbidden(Self.sentence(refusal)) }
    }

    func allows(_ scope: Scope, app id: String?) -> Bool { access.allows(scope, app: id) }

    func checkCSRF(_ csrf: String?) throws {
        guard accepts(csrf) else {
            throw DashboardError.forbidden("The form expired or came from another site (CSRF check failed). Reload the page and try again.")
        }
    }

    private static func sentence(_ refusal: Access.Refusal) -> String {
        let text = refusal.description
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }
}
