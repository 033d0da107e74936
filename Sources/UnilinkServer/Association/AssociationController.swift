import HTTPTypes
import Hummingbird
import NIOCore
import UnilinkAPI
import UnilinkCore

/// The association files (Apple's, Android's, HarmonyOS's) and robots.txt, per host, from memory: they answer even when
/// the database does not (a broken AASA stays broken on devices for weeks).
struct AssociationController {
    let directory: HostDirectory

    /// HEAD too (the router generates it): validators check the files with it.
    func register(on router: Router<AppRequestContext>) {
        router.get(RouterPath(APIPath.appleAssociation), use: appleAssociation)
        router.get(RouterPath(APIPath.appleAssociationAtRoot), use: appleAssociation)
        router.get(RouterPath(APIPath.assetLinks), use: assetLinks)
        router.get(RouterPath(APIPath.appLinking), use: appLinking)
        router.get(RouterPath(APIPath.robots), use: robots)
    }

    @Sendable func appleAssociation(_ request: Request, context: AppRequestContext) async throws -> Response {
        file(try host(request).associationFile).response
    }

    @Sendable func assetLinks(_ request: Request, context: AppRequestContext) async throws -> Response {
        file(try host(request).assetLinks).response
    }

    @Sendable func appLinking(_ request: Request, context: AppRequestContext) async throws -> Response {
        file(try host(request).appLinking).response
    }

    @Sendable func robots(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(string: RobotsFile.text))
        )
    }

    /// The association file at `path` for the request's host, for the link host's
    /// responder to answer in front of the router: `nil` for another path, or a host no app
    /// serves (the router's route then answers the 404).
    func served(_ path: String, _ request: Request) -> BufferedResponse? {
        switch path {
        case APIPath.appleAssociation, APIPath.appleAssociationAtRoot: servedHost(request).map { file($0.associationFile) }
        case APIPath.assetLinks: servedHost(request).map { file($0.assetLinks) }
        case APIPath.appLinking: servedHost(request).map { file($0.appLinking) }
        default: nil
        }
    }

    private func servedHost(_ request: Request) -> HostDirectory.Host? {
        directory.host(HostName.normalize(request.linkHost))
    }

    private func host(_ request: Request) throws -> HostDirectory.Host {
        guard let host = servedHost(request) else { throw APIError.notFound("no app serves the host '\(HostName.normalize(request.linkHost))'") }
        return host
    }

    private func file(_ bytes: ByteBuffer) -> BufferedResponse {
        BufferedResponse(status: .ok, headers: [.contentType: "application/json", .cacheControl: "public, max-age=3600"], body: bytes)
    }
}
