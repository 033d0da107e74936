import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `GET /v1/apps/{id}/clicks.csv`, with the app's own secret key or a token with
/// `stats:read`: its raw clicks, streamed.
struct ClickExportController {
    let store: any ClickStore

    /// `group` is `/v1/apps/{id}/clicks.csv`, behind the management API's authenticator.
    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .get, .statsRead, .appInPath, authorizer, use: export)
    }

    @Sendable func export(_ request: Request, context: APIContext) async throws -> Response {
        let id = try context.app.id
        let export: ClickExport
        do {
            export = try ClickExport(store: store, appID: id, query: Self.query(request))
        } catch {
            throw APIError.badRequest(error.message)
        }
        return CSVFile.streamed(export, name: export.fileName)
    }

    /// The query's parameters, the first of a repeated one.
    static func query(_ request: Request) -> [String: String] {
        Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
}
