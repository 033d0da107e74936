/// What apps report (installs, opens, custom events) and the answer each install got to
/// its deferred call. `SQLStore` is one on SQLite and PostgreSQL.
public protocol EventStore: Sendable {
    func deferredAnswer(appID: String, installID: String) async throws -> String?
    func record(answer: String, appID: String, installID: String, clickID: String?, install event: AppEvent?) async throws
    func insert(event: AppEvent) async throws
}

extension SQLStore: EventStore {}
