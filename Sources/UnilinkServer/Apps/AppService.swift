import Foundation
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// The one writer of apps, their hosts and keys: the API and the dashboard create and
/// change apps through it, and every change reloads the host directory here and in the
/// other instances.
struct AppService: Sendable {
    let store: any AppStore
    let directory: HostDirectory
    let changes: ChangeFeed

    /// A new app and its keys; the answer is the only time its secret key is shown.
    func create(_ body: AppBody, by author: ChangeAuthor) async throws -> AppBody {
        let app = try AppInput.create(body, id: Identifiers.appID(), now: .now)
        try checkHostsFree(app)
        let secret = Identifiers.secretKey(), publishable = Identifiers.publishableKey()
        try await store.insert(
            app: app,
            keys: [
                AppKey(hash: Identifiers.hash(secret), appID: app.id, kind: .secret),
                AppKey(hash: Identifiers.hash(publishable), appID: app.id, kind: .publishable, publishable: publishable),
            ],
            audit: [
                author.entry(
                    "app.create", "app", app.id, appID: app.id,
                    changes: ChangeAuthor.changes(before: nil, after: AppInput.audited(app)))
            ])
        try await changes.directoryChanged()
        var response = AppInput.body(of: app, publishableKey: publishable)
        response.secretKey = secret
        return response
    }

    func update(_ old: App, with body: AppBody, by author: ChangeAuthor) async throws -> AppBody {
        let app = try AppInput.patch(old, with: body)
        try checkHostsFree(app)
        let diff = ChangeAuthor.changes(before: AppInput.audited(old), after: AppInput.audited(app))
        try await store.update(app: app, audit: diff.isEmpty ? [] : [author.entry("app.update", "app", app.id, appID: app.id, changes: diff)])
        try await changes.directoryChanged()
        return shown(app)
    }

    /// A new key of `kind`; the old one keeps working until `graceSeconds` have passed.
    func rotateKey(of appID: String, kind: AppKeyKind, graceSeconds: Int, by author: ChangeAuthor) async throws -> KeyRotation.Answer {
        let now = Date.now
        let graceUntil = now.addingTimeInterval(TimeInterval(graceSeconds))
        let audit = [
            author.entry(
                "app.key.rotate", "app", appID, appID: appID,
                changes: [
                    "kind": AuditChange(before: nil, after: .string(kind.rawValue)),
                    "previous_key_expires_at": AuditChange(before: nil, after: .string(Timestamp.format(graceUntil))),
                ], at: now)
        ]
        var answer = KeyRotation.Answer(kind: kind, previousKeyExpiresAt: Timestamp.format(graceUntil))
        switch kind {
        case .secret:
            let secret = Identifiers.secretKey()
            try await store.rotate(
                to: AppKey(hash: Identifiers.hash(secret), appID: appID, kind: .secret), graceUntil: graceUntil, now: now, audit: audit)
            answer.secretKey = secret
        case .publishable:
            let publishable = Identifiers.publishableKey()
            try await store.rotate(
                to: AppKey(hash: Identifiers.hash(publishable), appID: appID, kind: .publishable, publishable: publishable),
                graceUntil: graceUntil, now: now, audit: audit)
            answer.publishableKey = publishable
        }
        try await changes.directoryChanged()
        return answer
    }

    func app(id: String) throws -> App {
        guard let app = directory.current.apps[id] else { throw APIError.notFound("no app has the id '\(id.prefix(40))'") }
        return app
    }

    /// Every app, oldest first.
    var all: [App] {
        directory.current.apps.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// An app as the API shows it, with its current publishable key.
    func shown(_ app: App) -> AppBody {
        AppInput.body(of: app, publishableKey: directory.current.publishableKeyOfApp[app.id])
    }

    /// A host belongs to one app: say which host is taken before anything is written.
    private func checkHostsFree(_ app: App) throws {
        let hosts = directory.current.hosts
        for domain in app.domains {
            if let owner = hosts[domain.host], owner.app.id != app.id {
                throw APIError.conflict("host_taken", "the host '\(domain.host)' already belongs to another app")
            }
        }
    }
}
