import Foundation
import Synchronization
import UnilinkCore
import UnilinkStorage

/// People, their roles and their usable API tokens, in memory: an API call checks its
/// token and the owner's roles without a query. Rebuilt from the store when anything of
/// it changes here or on another instance (the change feed), and every reload interval.
final class PeopleDirectory: Sendable {
    struct Snapshot: Sendable {
        var users: [String: User] = [:]
        var roles: [String: [String: Role]] = [:]
        var tokens: [String: APIToken] = [:]

        /// A person's access: nothing once they are disabled.
        func access(of user: User) -> Access {
            guard !user.isDisabled else { return Access(isOwner: false) }
            return Access(isOwner: user.isOwner, roles: roles[user.id] ?? [:])
        }
    }

    enum TokenRefusal: Error {
        case unknown
        case expired(Date)
        case ownerDisabled
    }

    private let snapshot = Mutex(Snapshot())
    private let reloads = ReloadGenerations()
    /// When tokens were used, since the last write of it.
    private let usage = Mutex([String: Date]())
    /// The last time noted per token: a token used a thousand times a second is noted once a minute.
    private let noted = Mutex([String: Date]())

    var current: Snapshot { snapshot.withLock { $0 } }

    func reload(from store: some PeopleStore) async throws {
        let generation = reloads.start()
        let users = try await store.users(), memberships = try await store.memberships()
        let tokens = try await store.usableAPITokens(at: .now)
        var next = Snapshot()
        for user in users { next.users[user.id] = user }
        for membership in memberships { next.roles[membership.userID, default: [:]][membership.appID] = membership.role }
        for token in tokens { next.tokens[token.tokenHash] = token }
        reloads.apply(generation) { snapshot.withLock { $0 = next } }
    }

    /// The token's owner and access (the owner's roles narrowed to the token's scopes and
    /// apps), or why none.
    func token(_ token: String, at now: Date = .now) -> Result<(APIToken, User, Access), TokenRefusal> {
        let snapshot = current
        guard let stored = snapshot.tokens[Identifiers.hash(token)], let user = snapshot.users[stored.userID] else { return .failure(.unknown) }
        if let expiry = stored.expiresAt, expiry <= now { return .failure(.expired(expiry)) }
        guard !user.isDisabled else { return .failure(.ownerDisabled) }
        var access = snapshot.access(of: user)
        access.scopes = stored.scopes
        access.appIDs = stored.appIDs
        return .success((stored, user, access))
    }

    /// Notes a token's use, to be written by `flushUsage` (at most once a minute each).
    func noteUse(of tokenID: String, at now: Date = .now) {
        let due = noted.withLock { noted in
            if let last = noted[tokenID], now.timeIntervalSince(last) < 60 { return false }
            noted[tokenID] = now
            return true
        }
        if due { usage.withLock { $0[tokenID] = now } }
    }

    func flushUsage(to store: some PeopleStore) async throws {
        let times = usage.withLock { usage in
            defer { usage.removeAll() }
            return usage
        }
        do {
            try await store.noteTokensUsed(times)
        } catch {
            usage.withLock { usage in usage.merge(times) { later, _ in later } }
            throw error
        }
        // Tokens revoked since are forgotten here too: `noted` stays as large as the tokens in use.
        let live = Set(current.tokens.values.map(\.id))
        noted.withLock { noted in noted = noted.filter { live.contains($0.key) } }
    }
}
