import HTTPTypes
import Hummingbird
import NIOCore
import UnilinkCore

/// The association files and robots.txt, per host, from memory: they answer even when
/// the database does not (a broken AASA stays broken on devices for weeks).
struct AssociationController {
    let state: ServerState

    func register(in table: RouteTable) {
        // HEAD too: validators check the files with it, and the click route must not take it.
        for method in [HTTPRequest.Method.get, .head] {
            table.add(method, "/.well-known/apple-app-site-association", use: appleAssociation)
            table.add(method, "/apple-app-site-association", use: appleAssociation)
            table.add(method, "/.well-known/assetlinks.json", use: assetLinks)
        }
        table.add(.get, "/robots.txt", use: robots)
    }

    @Sendable func appleAssociation(_ request: Request, context: AppRequestContext) async throws -> Response {
        try file(try host(request).associationFile)
    }

    @Sendable func assetLinks(_ request: Request, context: AppRequestContext) async throws -> Response {
        try file(try host(request).assetLinks)
    }

    @Sendable func robots(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(string: RobotsFile.text))
        )
    }

    private func host(_ request: Request) throws -> HostDirectory.Host {
        let name = HostName.normalize(request.linkHost)
        guard let host = state.directory.host(name) else { throw APIError.notFound("no app serves the host '\(name)'") }
        return host
    }

    private func file(_ bytes: ByteBuffer) throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json", .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: bytes)
        )
    }
}
