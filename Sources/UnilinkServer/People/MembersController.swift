import Hummingbird
import UnilinkCore
import UnilinkStorage

/// `/v1/apps/{id}/members`: who has which role in an app. Its members read the list; its
/// admins (and the owners) add, change and remove.
struct MembersController {
    let people: PeopleService

    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .get, .appsRead, .appInPath, authorizer, use: list)
        group.on("", .post, .membersWrite, .appInPath, authorizer, use: add)
        group.on("{user}", .delete, .membersWrite, .appInPath, authorizer, use: remove)
    }

    struct Member: Encodable {
        let user: String
        let email: String
        let name: String
        let role: String
    }

    struct NewMember: Decodable {
        /// A person's id or e-mail address.
        var user: String
        var role: Role
    }

    @Sendable func list(_ request: Request, context: APIContext) async throws -> Response {
        let app = try context.app
        let snapshot = people.people.current
        let members = snapshot.roles.compactMap { userID, roles -> Member? in
            guard let role = roles[app.id], let user = snapshot.users[userID] else { return nil }
            return Member(user: user.id, email: user.email, name: user.name, role: role.rawValue)
        }
        return try HTTPBody.json(DataList(data: members.sorted { $0.email < $1.email }))
    }

    @Sendable func add(_ request: Request, context: APIContext) async throws -> Response {
        let app = try context.app
        let body = try await request.decode(as: NewMember.self, context: context)
        let user =
            body.user.contains("@")
            ? try await people.store.user(email: User.normalize(email: body.user)) : try await people.store.user(id: body.user)
        // 422, not 404: the app of the path exists; the person the body names does not.
        guard let user else { throw APIError.unprocessable("unknown_user", "no person has the id or e-mail address '\(body.user)'") }
        try await people.setMember(appID: app.id, user: user, role: body.role, by: context.author)
        return try HTTPBody.json(Member(user: user.id, email: user.email, name: user.name, role: body.role.rawValue), status: .created)
    }

    @Sendable func remove(_ request: Request, context: APIContext) async throws -> Response {
        let app = try context.app
        let userID = try context.parameters.require("user")
        guard try await people.removeMember(appID: app.id, userID: userID, by: context.author) else {
            throw APIError.notFound("'\(userID)' is not a member of '\(app.id)'")
        }
        return Response(status: .noContent)
    }
}
