import Foundation
import Hummingbird
import UnilinkCore
import UnilinkStorage

/// `/v1/users`: the organisation's people, for its owners. A new person gets a one-time
/// link to choose their password (no mail server needed: the owner passes it on).
struct UsersController {
    let people: PeopleService
    let address: DashboardAddress

    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .post, .usersWrite, .organisation, authorizer, use: create)
        group.on("", .get, .usersRead, .organisation, authorizer, use: list)
        group.on("{user}", .get, .usersRead, .organisation, authorizer, use: get)
        group.on("{user}", .patch, .usersWrite, .organisation, authorizer, use: update)
        group.on("{user}/invitation", .post, .usersWrite, .organisation, authorizer, use: reinvite)
    }

    static let names = 0...120

    struct NewUser: Decodable {
        var email: String
        var name: String?
        var owner: Bool?
        /// Role per app id.
        var apps: [String: Role]?
    }

    struct Change: Decodable {
        var name: String?
        var owner: Bool?
        var disabled: Bool?
    }

    struct Created: Encodable {
        let user: UserRecord
        let invitation: InvitationRecord
    }

    @Sendable func create(_ request: Request, context: APIContext) async throws -> Response {
        let body = try await request.decode(as: NewUser.self, context: context)
        guard Self.names.contains(body.name?.count ?? 0) else { throw APIError.badRequest("'name' must be at most 120 characters") }
        guard (3...254).contains(body.email.count) else { throw APIError.badRequest("'email' must be 3 to 254 characters") }
        for appID in (body.apps ?? [:]).keys where people.changes.directory.current.apps[appID] == nil {
            throw APIError.unprocessable("unknown_app", "no app has the id '\(appID)'")
        }
        let (user, token) = try await people.invite(
            email: body.email, name: body.name ?? "", isOwner: body.owner ?? false, roles: body.apps ?? [:], by: context.author)
        return try HTTPBody.json(
            Created(user: record(user), invitation: invitation(token, request)), status: .created)
    }

    @Sendable func list(_ request: Request, context: APIContext) async throws -> Response {
        let snapshot = people.people.current
        return try HTTPBody.json(
            DataList(data: snapshot.users.values.sorted { $0.email < $1.email }.map { UserRecord($0, roles: snapshot.roles[$0.id] ?? [:]) }))
    }

    @Sendable func get(_ request: Request, context: APIContext) async throws -> Response {
        try HTTPBody.json(record(try await user(context)))
    }

    /// Disabling a person ends their sessions and stops their tokens; the last owner who can
    /// sign in can be neither disabled nor demoted.
    @Sendable func update(_ request: Request, context: APIContext) async throws -> Response {
        let old = try await user(context)
        let body = try await request.decode(as: Change.self, context: context)
        guard Self.names.contains(body.name?.count ?? 0) else { throw APIError.badRequest("'name' must be at most 120 characters") }
        var new = old
        if let name = body.name { new.name = PeopleService.clean(name) }
        if let owner = body.owner { new.isOwner = owner }
        if let disabled = body.disabled { new.isDisabled = disabled }
        try await people.update(old, to: new, by: context.author)
        return try HTTPBody.json(record(try await people.store.user(id: old.id) ?? new))
    }

    @Sendable func reinvite(_ request: Request, context: APIContext) async throws -> Response {
        let user = try await user(context)
        return try HTTPBody.json(invitation(try await people.reinvite(user, by: context.author), request), status: .created)
    }

    private func user(_ context: APIContext) async throws -> User {
        let id = try context.parameters.require("user")
        guard let user = try await people.store.user(id: id) else { throw APIError.notFound("no person has the id '\(id)'") }
        return user
    }

    private func record(_ user: User) -> UserRecord {
        UserRecord(user, roles: people.people.current.roles[user.id] ?? [:])
    }

    private func invitation(_ token: String, _ request: Request) -> InvitationRecord {
        InvitationRecord(
            url: address.url("/invitations/\(token)", for: request),
            expiresAt: Timestamp.format(Date.now.addingTimeInterval(PeopleService.invitationLifetime)))
    }
}
