import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `GET /v1/apps/{id}/stats`, with the app's own secret key or a token with `stats:read`:
/// its numbers over local days, read from the counters kept on write.
struct AppStatsController {
    let store: any ClickStore

    /// `group` is `/v1/apps/{id}/stats`, behind the management API's authenticator.
    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .get, .statsRead, .appInPath, authorizer, use: stats)
    }

    @Sendable func stats(_ request: Request, context: APIContext) async throws -> Response {
        let id = try context.app.id
        let query = request.uri.queryParameters
        let window: StatsWindow
        do {
            window = try StatsWindow(
                from: query["from"].map(String.init), to: query["to"].map(String.init), granularity: query["granularity"].map(String.init),
                tz: query["tz"].map(String.init), now: .now)
        } catch {
            throw APIError.badRequest(error.message)
        }
        let counts = try await store.appCounts(appID: id, hours: window.hours)
        return try HTTPBody.json(AppStatsReport.make(appID: id, window: window, counts: counts))
    }
}
