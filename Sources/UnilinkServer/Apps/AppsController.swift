import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `/v1/apps`: apps and their hosts, with the admin token. HTTP only: `AppService` writes.
struct AppsController {
    let apps: AppService

    /// `group` is `/v1/apps`, behind the admin token.
    func register(on group: RouterGroup<AdminContext>) {
        group.post(use: create)
        group.get(use: list)
        group.get(Self.below(APIPath.app), use: get)
        group.patch(Self.below(APIPath.app), use: update)
        group.post(Self.below(APIPath.appKeyRotation), use: rotateKey)
    }

    private static func below(_ path: String) -> RouterPath { RouterPath(APIPath.relative(path, to: APIPath.apps)) }

    /// A new secret or publishable key; the old one keeps working for `grace_seconds`
    /// (default a day, at most 30 days, 0 to revoke it now), so deployed backends and
    /// app versions can move over.
    @Sendable func rotateKey(_ request: Request, context: AdminContext) async throws -> Response {
        let app = try apps.app(id: try context.parameters.require("id"))
        // No body: the secret key, a day's grace.
        let body = try await request.decodeIfSent(as: KeyRotation.self, context: context) ?? KeyRotation()
        let kind = body.kind ?? .secret
        let grace = body.graceSeconds ?? 86_400
        guard WireLimits.graceSeconds.contains(grace) else { throw APIError.badRequest("'grace_seconds' must be between 0 and 2592000 (30 days)") }
        return try HTTPBody.json(try await apps.rotateKey(of: app.id, kind: kind, graceSeconds: grace, by: context.author), status: .created)
    }

    @Sendable func create(_ request: Request, context: AdminContext) async throws -> Response {
        try HTTPBody.json(try await apps.create(try await request.decode(as: AppBody.self, context: context), by: context.author), status: .created)
    }

    @Sendable func list(_ request: Request, context: AdminContext) async throws -> Response {
        try HTTPBody.json(AppList(data: apps.all.map(apps.shown)))
    }

    @Sendable func get(_ request: Request, context: AdminContext) async throws -> Response {
        try HTTPBody.json(apps.shown(try apps.app(id: try context.parameters.require("id"))))
    }

    @Sendable func update(_ request: Request, context: AdminContext) async throws -> Response {
        let old = try apps.app(id: try context.parameters.require("id"))
        return try HTTPBody.json(try await apps.update(old, with: try await request.decode(as: AppBody.self, context: context), by: context.author))
    }
}
