/// What apps report (installs, opens, custom events) and the answer each install got to
/// its deferred call. `SQLStore` is one on SQLite and PostgreSQL.
public protocol EventStore: Sendable {
    /// An answer stored, unless the install has one: returns the install's stored answer.
    func record(answer: String, appID: String, installID: String, clickID: String?, install event: AppEvent?) async throws -> String
    /// A match's answer with its click taken, at once: the install's stored answer, or nil
    /// when another install took the click.
    func record(answer: String, appID: String, installID: String, takingClick clickID: String, install event: AppEvent?) async throws
        -> String?
    func insert(event: AppEvent) async throws
    /// The A/B variant an install came from through a link.
    func variant(ofInstall installID: String, appID: String, linkID: String) async throws -> String?
    /// A link's A/B numbers by variant.
    func variantNumbers(linkID: String) async throws -> [String: VariantNumbers]
}

extension SQLStore: EventStore {}
