import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `/v1/apps`: apps and their hosts. Owners create apps; an app's admins change it; its
/// members read it. HTTP only: `AppService` writes.
struct AppsController {
    let apps: AppService

    /// `group` is `/v1/apps`, behind the management API's authenticator.
    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .post, .appsWrite, .organisation, authorizer, use: create)
        group.on("", .get, .appsRead, .visibleApps, authorizer, use: list)
        group.on(Self.below(APIPath.app), .get, .appsRead, .appInPath, authorizer, use: get)
        group.on(Self.below(APIPath.app), .patch, .appsWrite, .appInPath, authorizer, use: update)
        group.on(Self.below(APIPath.appKeyRotation), .post, .appsWrite, .appInPath, authorizer, use: rotateKey)
    }

    private static func below(_ path: String) -> RouterPath { RouterPath(APIPath.relative(path, to: APIPath.apps)) }

    /// A new secret or publishable key; the old one keeps working for `grace_seconds`
    /// (default a day, at most 30 days, 0 to revoke it now), so deployed backends and
    /// app versions can move over.
    @Sendable func rotateKey(_ request: Request, context: APIContext) async throws -> Response {
        let app = try context.app
        // No body: the secret key, a day's grace.
        let body = try await request.decodeIfSent(as: KeyRotation.self, context: context) ?? KeyRotation()
        let kind = body.kind ?? .secret
        let grace = body.graceSeconds ?? 86_400
        guard WireLimits.graceSeconds.contains(grace) else { throw APIError.badRequest("'grace_seconds' must be between 0 and 2592000 (30 days)") }
        return try HTTPBody.json(try await apps.rotateKey(of: app.id, kind: kind, graceSeconds: grace, by: context.author), status: .created)
    }

    @Sendable func create(_ request: Request, context: APIContext) async throws -> Response {
        try HTTPBody.json(try await apps.create(try await request.decode(as: AppBody.self, context: context), by: context.author), status: .created)
    }

    @Sendable func list(_ request: Request, context: APIContext) async throws -> Response {
        try HTTPBody.json(AppList(data: apps.all.filter { context.access.sees(app: $0.id) }.map(apps.shown)))
    }

    @Sendable func get(_ request: Request, context: APIContext) async throws -> Response {
        try HTTPBody.json(apps.shown(try context.app))
    }

    @Sendable func update(_ request: Request, context: APIContext) async throws -> Response {
        let old = try context.app
        return try HTTPBody.json(try await apps.update(old, with: try await request.decode(as: AppBody.self, context: context), by: context.author))
    }
}
