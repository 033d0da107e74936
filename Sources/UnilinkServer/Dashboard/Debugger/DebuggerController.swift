import Foundation
import Hummingbird
import UnilinkStorage

/// The link debugger for a signed-in team member: what each kind of visitor gets from a
/// link, with its recent clicks.
struct DebuggerController {
    let store: any SessionStore
    let directory: HostDirectory
    let debugPage: LinkDebugPage

    func register(on router: Router<AppRequestContext>) {
        router.get("/debug", use: debug)
    }

    @Sendable func debug(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let text = (request.uri.queryParameters["url"].map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        return try await debugPage.render(text, session: session).response
    }

    private func requireSession(_ request: Request, _ context: AppRequestContext) async throws -> DashboardSession {
        guard let session = try await DashboardSession.find(request, store: store, directory: directory) else { throw DashboardError.signedOut }
        return session
    }
}
