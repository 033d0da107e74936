import Hummingbird
import NIOCore

/// Health and the API description.
struct SystemController {
    let state: ServerState

    func register(in table: RouteTable) {
        table.add(.get, "/healthz", use: health)
        table.add(.get, "/openapi.json", use: openAPI)
    }

    /// Alive, with the click queue's depth; does not depend on the database.
    @Sendable func health(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Health: Encodable {
            let status = "ok"
            let queued_clicks: Int
            let dropped_clicks: Int
        }
        return try HTTPBody.json(Health(queued_clicks: state.clicks.count, dropped_clicks: state.clicks.droppedCount))
    }

    @Sendable func openAPI(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json", .cacheControl: "public, max-age=300"],
            body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.json))
        )
    }
}
