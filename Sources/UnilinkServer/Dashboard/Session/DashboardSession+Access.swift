import UnilinkCore
import UnilinkStorage

/// What a session may open: the admin every app, an app's secret key that app's pages.
extension DashboardSession {
    func app(_ id: String, in directory: HostDirectory) throws -> App {
        guard let app = directory.current.apps[id] else { throw DashboardError.notFound("No app has the id '\(id)'.") }
        guard isAdmin || appID == id else { throw DashboardError.forbidden("This secret key signs in to another app.") }
        return app
    }

    func link(_ id: String, store: any LinkStore, directory: HostDirectory) async throws -> (Link, App) {
        guard let link = try await store.link(id: id) else { throw DashboardError.notFound("No link has the id '\(id)'.") }
        return (link, try app(link.appID, in: directory))
    }

    func checkCSRF(_ csrf: String?) throws {
        guard accepts(csrf) else {
            throw DashboardError.forbidden("The form expired or came from another site (CSRF check failed). Reload the page and try again.")
        }
    }
}
