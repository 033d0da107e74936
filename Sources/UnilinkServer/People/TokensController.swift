import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `/v1/tokens`: a person's API tokens. A token makes tokens for its own person, never
/// with more than it has; the admin token makes them for the person it names (`user`);
/// owners list and revoke anyone's.
struct TokensController {
    let people: PeopleService

    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .post, nil, .ownAccount, authorizer, use: create)
        group.on("", .get, nil, .ownAccount, authorizer, use: list)
        group.on("{token}", .delete, nil, .ownAccount, authorizer, use: revoke)
    }

    struct NewToken: Decodable {
        var name: String
        var scopes: [String]
        /// App ids; absent: every app the person has, now and later.
        var apps: [String]?
        var expiresAt: String?
        /// Whose token, when the admin token asks.
        var user: String?

        enum CodingKeys: String, CodingKey {
            case name, scopes, apps, expiresAt = "expires_at", user
        }
    }

    @Sendable func create(_ request: Request, context: APIContext) async throws -> Response {
        let body = try await request.decode(as: NewToken.self, context: context)
        guard (1...120).contains(body.name.count) else { throw APIError.badRequest("'name' must be 1 to 120 characters") }
        let name = PeopleService.clean(body.name)
        guard !name.isEmpty else { throw APIError.unprocessable("empty_name", "'name' must say what the token is for") }
        guard (1...Scope.allCases.count).contains(body.scopes.count), (body.apps?.count ?? 0) <= 1000 else {
            throw APIError.badRequest("'scopes' must name 1 to \(Scope.allCases.count) scopes, 'apps' at most 1000 apps")
        }
        var scopes = Set<Scope>()
        for text in body.scopes {
            guard let scope = Scope(rawValue: text) else {
                throw APIError.badRequest("'\(text)' is not a scope; scopes are \(Scope.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            scopes.insert(scope)
        }
        var expiry: Date?
        if let text = body.expiresAt {
            guard let date = Timestamp.parse(text) else { throw APIError.badRequest("'expires_at' must be a time like 2027-01-01T00:00:00Z") }
            guard date > .now else { throw APIError.unprocessable("expired", "'expires_at' is in the past") }
            expiry = date
        }
        let apps = body.apps.map(Set.init)
        for appID in apps ?? [] where people.changes.directory.current.apps[appID] == nil {
            throw APIError.unprocessable("unknown_app", "no app has the id '\(appID)'")
        }
        let owner = try await person(named: body.user, context: context)
        // Never more than the maker has: a token's own narrowing, and the person's roles
        // (checked again on every use, so this only refuses what could never work).
        if let refusal = context.access.covers(scopes: scopes, apps: apps) { throw Authorizer.refused(refusal) }
        let ownerAccess = people.people.current.access(of: owner)
        for appID in apps ?? [] where !ownerAccess.sees(app: appID) {
            throw APIError.forbidden("\(owner.email) is not a member of the app '\(appID)'")
        }
        let (token, secret) = try await people.createToken(
            for: owner, name: name, scopes: scopes, appIDs: apps, expiresAt: expiry, by: context.author)
        return try HTTPBody.json(TokenRecord(token, secret: secret), status: .created)
    }

    @Sendable func list(_ request: Request, context: APIContext) async throws -> Response {
        let owner = try await person(named: request.uri.queryParameters["user"].map(String.init), context: context)
        return try HTTPBody.json(DataList(data: try await people.store.apiTokens(userID: owner.id).map { TokenRecord($0) }))
    }

    @Sendable func revoke(_ request: Request, context: APIContext) async throws -> Response {
        let id = try context.parameters.require("token")
        guard let token = try await people.store.apiToken(id: id) else { throw APIError.notFound("no token has the id '\(id)'") }
        let own: Bool = {
            if case .person(_, let user, _) = context.caller { return user.id == token.userID }
            return false
        }()
        guard own || context.access.allows(.usersWrite, app: nil) else { throw APIError.notFound("no token has the id '\(id)'") }
        guard try await people.revokeToken(token, by: context.author) else {
            throw APIError.conflict("already_revoked", "the token was revoked before")
        }
        return Response(status: .noContent)
    }

    /// The caller's own person, or (for owners) the one `user` names.
    private func person(named other: String?, context: APIContext) async throws -> User {
        if let other, !other.isEmpty {
            if case .person(_, let user, _) = context.caller, user.id == other { return user }
            guard context.access.allows(.usersWrite, app: nil) else { throw Authorizer.refused(.ownersOnly(.usersWrite)) }
            guard let user = try await people.store.user(id: other) else { throw APIError.notFound("no person has the id '\(other)'") }
            return user
        }
        guard case .person(_, let user, _) = context.caller else {
            throw APIError.unprocessable("no_person", "the admin token is no one's: name the person with 'user'")
        }
        return user
    }
}
