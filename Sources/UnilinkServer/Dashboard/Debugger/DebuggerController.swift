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
        let query = request.uri.queryParameters
        let text = (query["url"].map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        let simulated = SimulatedVisitor(
            country: query["country"].map(String.init), languages: query["languages"].map(String.init), at: query["at"].map(String.init))
        return try await debugPage.render(text, session: context.session, simulated: simulated).response
    }
}
