import HTTPTypes
import UnilinkAPI
import UnilinkCore

/// People, members and tokens.
extension OpenAPIOperation {
    static var people: [OpenAPIOperation] {
        let read: [Int] = [401, 403, 429, 503], write: [Int] = [400, 401, 403, 413, 422, 429, 503]
        return [
            .init(
                method: .post, path: APIPath.users, summary: "Invite a person: their account and a one-time link to choose a password",
                credential: .apiToken, scope: .usersWrite, body: "UserCreate",
                answers: [.json(201, "The person and their link", "UserCreated")] + A.errors(write + [409])),
            .init(
                method: .get, path: APIPath.users, summary: "The organisation's people", credential: .apiToken, scope: .usersRead,
                answers: [.json(200, "People", "UserList")] + A.errors(read)),
            .init(
                method: .get, path: APIPath.user, summary: "A person", credential: .apiToken, scope: .usersRead,
                answers: [.json(200, "The person", "User")] + A.errors(read + [404])),
            .init(
                method: .patch, path: APIPath.user, summary: "Rename, make or unmake an owner, disable or enable (never the last owner)",
                credential: .apiToken, scope: .usersWrite, body: "UserPatch",
                answers: [.json(200, "The person", "User")] + A.errors(write + [404, 409])),
            .init(
                method: .post, path: APIPath.userInvitation, summary: "A new one-time link for the person (a forgotten password)",
                credential: .apiToken, scope: .usersWrite,
                answers: [.json(201, "The link", "Invitation")] + A.errors(read + [404])),
            .init(
                method: .get, path: APIPath.appMembers, summary: "Who has which role in the app", credential: .apiToken, scope: .appsRead,
                answers: [.json(200, "Members", "MemberList")] + A.errors(read + [404])),
            .init(
                method: .post, path: APIPath.appMembers, summary: "Give a person a role in the app (or change it)", credential: .apiToken,
                scope: .membersWrite, body: "MemberAdd", answers: [.json(201, "The member", "Member")] + A.errors(write + [404])),
            .init(
                method: .delete, path: APIPath.appMember, summary: "Take the person's role in the app away", credential: .apiToken,
                scope: .membersWrite, answers: [.init(status: 204, summary: "Removed")] + A.errors(read + [404])),
            .init(
                method: .post, path: APIPath.tokens,
                summary: "A personal API token, shown once; never more than its maker's scopes and apps, and its person's roles",
                credential: .apiToken, body: "TokenCreate", answers: [.json(201, "The token", "Token")] + A.errors(write + [404])),
            .init(
                method: .get, path: APIPath.tokens, summary: "A person's tokens (revoked and expired ones too)", credential: .apiToken,
                parameters: [.init(name: "user", place: .query, schema: JSONSchema.string(length: 1...64), summary: "Another person's (owners)")],
                answers: [.json(200, "Tokens", "TokenList")] + A.errors(read + [404, 422])),
            .init(
                method: .delete, path: APIPath.token, summary: "Revoke a token at once, on every instance", credential: .apiToken,
                answers: [.init(status: 204, summary: "Revoked")] + A.errors(read + [404, 409])),
            .init(
                method: .get, path: APIPath.me, summary: "Who the credential is and what it may do", credential: .apiToken,
                answers: [.json(200, "The caller", "Me")] + A.errors(read)),
        ]
    }
}
