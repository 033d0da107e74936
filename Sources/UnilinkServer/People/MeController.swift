import Hummingbird
import UnilinkCore

/// `GET /v1/me`: who the credential is and what it may do, for a CI job to check its
/// token before it relies on it.
struct MeController {
    let people: PeopleDirectory

    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .get, nil, .ownAccount, authorizer, use: me)
    }

    struct Me: Encodable {
        let kind: String
        let user: UserRecord?
        let token: TokenRecord?
    }

    @Sendable func me(_ request: Request, context: APIContext) async throws -> Response {
        switch context.caller {
        case .person(let token, let user, _):
            try HTTPBody.json(Me(kind: "api_token", user: UserRecord(user, roles: people.current.roles[user.id] ?? [:]), token: TokenRecord(token)))
        default:
            try HTTPBody.json(Me(kind: context.caller.actor.kind.rawValue, user: nil, token: nil))
        }
    }
}
