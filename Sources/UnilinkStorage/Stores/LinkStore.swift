public import UnilinkCore

/// Stored links. `SQLStore` is one on SQLite and PostgreSQL.
public protocol LinkStore: Sendable {
    func insert(links: [Link]) async throws
    func update(link: Link) async throws
    func deleteLink(id: String) async throws
    func link(id: String) async throws -> Link?
    func links(ids: [String]) async throws -> [Link]
    func link(code: String) async throws -> Link?
    func link(appID: String, alias: String) async throws -> Link?
    /// Newest first, before the link `cursor` names.
    func links(appID: String, before cursor: String?, limit: Int) async throws -> [Link]
    /// Those whose path, alias, code or destinations contain `text`.
    func links(appID: String, containing text: String, before cursor: String?, limit: Int) async throws -> [Link]
}

extension SQLStore: LinkStore {}
