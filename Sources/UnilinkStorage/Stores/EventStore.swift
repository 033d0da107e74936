/// What apps report (installs, opens, custom events) and the answer each install got to
/// its deferred call. `SQLStore` is one on SQLite and PostgreSQL.
public protocol EventStore: Sendable {
    func deferredAnswer(appID: String, installID: String) async throws -> String?
    func record(answer: String, appID: String, installID: String, clickID: String?, install event: AppEvent?) async throws
    /// A match's answer with its click taken, at once; false when another install took it.
    func record(answer: String, appID: String, installID: String, takingClick clickID: String, install event: AppEvent?) async throws -> Bool
    func insert(event: AppEvent) async throws
    /// The A/B variant an install came from through a link.
    func variant(ofInstall installID: String, appID: String, linkID: String) async throws -> String?
    /// A link's A/B numbers by variant.
    func variantNumbers(linkID: String) async throws -> [String: VariantNumbers]
}

extension SQLStore: EventStore {}
