import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `/v1/apps`: apps and their hosts, with the admin token.
struct AppsController {
    let state: ServerState

    /// `group` is `/v1/apps`, behind the admin token.
    func register(on group: RouterGroup<AdminContext>) {
        group.post(use: create)
        group.get(use: list)
        group.get("{id}", use: get)
        group.patch("{id}", use: update)
        group.post("{id}/keys/rotate", use: rotateKey)
    }

    /// A new secret or publishable key; the old one keeps working for `grace_seconds`
    /// (default a day, at most 30 days, 0 to revoke it now), so deployed backends and
    /// app versions can move over.
    @Sendable func rotateKey(_ request: Request, context: AdminContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard state.directory.current.apps[id] != nil else { throw APIError.notFound("no app has the id '\(id.prefix(40))'") }
        let body = try await request.decode(as: KeyRotation.self, context: context)
        let kind = try body.kind.map { kind in
            guard let parsed = AppKey.Kind(rawValue: kind) else { throw APIError.badRequest("'kind' must be secret or publishable") }
            return parsed
        } ?? .secret
        let grace = body.graceSeconds ?? 86_400
        guard (0...2_592_000).contains(grace) else { throw APIError.badRequest("'grace_seconds' must be between 0 and 2592000 (30 days)") }
        let now = Date.now
        let graceUntil = now.addingTimeInterval(TimeInterval(grace))
        var answer = KeyRotation.Answer(kind: kind.rawValue, previousKeyExpiresAt: Timestamp.format(graceUntil))
        switch kind {
        case .secret:
            let secret = Identifiers.secretKey()
            try await state.store.rotate(to: AppKey(hash: Identifiers.hash(secret), appID: id, kind: .secret), graceUntil: graceUntil, now: now)
            answer.secretKey = secret
        case .publishable:
            let publishable = Identifiers.publishableKey()
            try await state.store.rotate(to: AppKey(hash: Identifiers.hash(publishable), appID: id, kind: .publishable, publishable: publishable),
                                         graceUntil: graceUntil, now: now)
            answer.publishableKey = publishable
        }
        try await state.changes.directoryChanged()
        return try HTTPBody.json(answer, status: .created)
    }

    @Sendable func create(_ request: Request, context: AdminContext) async throws -> Response {
        try HTTPBody.json(try await create(try await request.decode(as: AppBody.self, context: context)), status: .created)
    }

    /// A new app and its keys; the answer is the only time its secret key is shown.
    /// The dashboard's form goes through here too.
    func create(_ body: AppBody) async throws -> AppBody {
        let app = try AppInput.create(body, id: Identifiers.appID(), now: .now)
        try checkHostsFree(app)
        let secret = Identifiers.secretKey(), publishable = Identifiers.publishableKey()
        try await state.store.insert(app: app, keys: [
            AppKey(hash: Identifiers.hash(secret), appID: app.id, kind: .secret),
            AppKey(hash: Identifiers.hash(publishable), appID: app.id, kind: .publishable, publishable: publishable),
        ])
        try await state.changes.directoryChanged()
        var response = AppInput.body(of: app, publishableKey: publishable)
        response.secretKey = secret
        return response
    }

    @Sendable func list(_ request: Request, context: AdminContext) async throws -> Response {
        let snapshot = state.directory.current
        let apps = snapshot.apps.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return try HTTPBody.json(AppList(data: apps.map { AppInput.body(of: $0, publishableKey: snapshot.publishableKeyOfApp[$0.id]) }))
    }

    @Sendable func get(_ request: Request, context: AdminContext) async throws -> Response {
        let app = try self.app(context)
        return try HTTPBody.json(AppInput.body(of: app, publishableKey: state.directory.current.publishableKeyOfApp[app.id]))
    }

    @Sendable func update(_ request: Request, context: AdminContext) async throws -> Response {
        let old = try app(context)
        return try HTTPBody.json(try await update(old, with: try await request.decode(as: AppBody.self, context: context)))
    }

    func update(_ old: App, with body: AppBody) async throws -> AppBody {
        let app = try AppInput.patch(old, with: body)
        try checkHostsFree(app)
        try await state.store.update(app: app)
        try await state.changes.directoryChanged()
        return AppInput.body(of: app, publishableKey: state.directory.current.publishableKeyOfApp[app.id])
    }

    private func app(_ context: AdminContext) throws -> App {
        let id = try context.parameters.require("id")
        guard let app = state.directory.current.apps[id] else { throw APIError.notFound("no app has the id '\(id)'") }
        return app
    }

    /// A host belongs to one app: say which host is taken before anything is written.
    private func checkHostsFree(_ app: App) throws {
        let hosts = state.directory.current.hosts
        for domain in app.domains {
            if let owner = hosts[domain.host], owner.app.id != app.id {
                throw APIError.conflict("host_taken", "the host '\(domain.host)' already belongs to another app")
            }
        }
    }
}
