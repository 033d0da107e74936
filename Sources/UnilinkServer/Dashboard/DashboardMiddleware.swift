import Hummingbird
import UnilinkStorage

/// Sends requests for hosts no app claims (and for `UNILINK_DASHBOARD_HOST`) to the
/// dashboard's own router, except the API, the association files and the system
/// endpoints, which answer on every host. Dashboard failures become pages.
struct DashboardMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let responder: any HTTPResponder<AppRequestContext>
    let directory: HostDirectory
    let dashboardHost: String?
    let pages: DashboardPages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard !SharedPaths.contains(path) else { return try await next(request, context) }
        let name = HostName.normalize(request.linkHost)
        guard name == dashboardHost || directory.host(name) == nil else { return try await next(request, context) }
        if request.method != .get, request.method != .head, let refusal = SameOriginCheck.refusal(request.headers, host: request.linkHost) {
            return page("Not allowed", "Refused: \(refusal). Open the dashboard itself and try again.", .forbidden)
        }
        do {
            return try await responder.respond(to: request, context: context)
        } catch DashboardError.signedOut {
            return .redirect(to: "/")
        } catch DashboardError.forbidden(let text) {
            return page("Not allowed", text, .forbidden)
        } catch DashboardError.notFound(let text) {
            return page("Not found", text, .notFound)
        } catch DashboardError.badRequest(let text) {
            return page("Bad request", text, .badRequest)
        } catch StoreError.storageUnavailable {
            var response = page(
                "Storage full",
                "The server cannot store anything right now (its storage is full or read-only); nothing was changed. Try again later.",
                .serviceUnavailable)
            response.headers[.retryAfter] = "30"
            return response
        } catch StoreError.unavailable {
            var response = page("Database unavailable", "The database is not reachable right now; try again in a few seconds.", .serviceUnavailable)
            response.headers[.retryAfter] = "5"
            return response
        } catch let error as APIError {
            return page("Error", error.message, error.status)
        }
    }

    private func page(_ heading: String, _ text: String, _ status: HTTPResponse.Status) -> Response {
        pages.render(MessagePage(heading: heading, text: text), session: nil, status: status)
    }
}
