import Foundation
import Hummingbird

/// The link debugger for a signed-in team member: what each kind of visitor gets from a
/// link, with its recent clicks.
struct DebuggerController {
    let debugPage: LinkDebugPage

    func register(on group: RouterGroup<SignedInContext>) {
        group.get("/debug", use: debug)
    }

    @Sendable func debug(_ request: Request, context: SignedInContext) async throws -> Response {
        let text = (request.uri.queryParameters["url"].map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        return try await debugPage.render(text, session: context.session).response
    }
}
