import Testing
import UnilinkCore

/// The one decision every API route and dashboard page asks, as a table: each role's
/// scopes in its app, nothing in another, the organisation for owners, a token narrowed
/// to its scopes and apps and never wider than its person.
@Suite("Access")
struct AccessTests {
    static let app = "app_1", other = "app_2"

    struct Row: Sendable, CustomTestStringConvertible {
        let who: String
        let access: Access
        let scope: Scope
        let app: String?
        let refusal: Access.Refusal?
        var testDescription: String { "\(who): \(scope.rawValue) in \(app ?? "the organisation")" }
    }

    static let viewer = Access(isOwner: false, roles: [app: .viewer])
    static let editor = Access(isOwner: false, roles: [app: .editor])
    static let admin = Access(isOwner: false, roles: [app: .admin])
    static let owner = Access(isOwner: true)
    static var narrowToken: Access {
        var access = admin
        access.scopes = [.linksRead]
        access.appIDs = [app]
        return access
    }

    static let rows: [Row] = [
        Row(who: "viewer", access: viewer, scope: .linksRead, app: app, refusal: nil),
        Row(who: "viewer", access: viewer, scope: .statsRead, app: app, refusal: nil),
        Row(who: "viewer", access: viewer, scope: .linksWrite, app: app, refusal: .roleLacks(.viewer, .linksWrite)),
        Row(who: "viewer", access: viewer, scope: .linksRead, app: other, refusal: .notAMember(other)),
        Row(who: "editor", access: editor, scope: .linksWrite, app: app, refusal: nil),
        Row(who: "editor", access: editor, scope: .appsWrite, app: app, refusal: .roleLacks(.editor, .appsWrite)),
        Row(who: "editor", access: editor, scope: .membersWrite, app: app, refusal: .roleLacks(.editor, .membersWrite)),
        Row(who: "admin", access: admin, scope: .appsWrite, app: app, refusal: nil),
        Row(who: "admin", access: admin, scope: .membersWrite, app: app, refusal: nil),
        Row(who: "admin", access: admin, scope: .auditRead, app: app, refusal: nil),
        Row(who: "admin", access: admin, scope: .appsWrite, app: nil, refusal: .ownersOnly(.appsWrite)),
        Row(who: "admin", access: admin, scope: .usersRead, app: nil, refusal: .ownersOnly(.usersRead)),
        Row(who: "owner", access: owner, scope: .usersWrite, app: nil, refusal: nil),
        Row(who: "owner", access: owner, scope: .linksWrite, app: other, refusal: nil),
        Row(who: "secret key", access: .secretKey(of: app), scope: .linksWrite, app: app, refusal: nil),
        Row(who: "secret key", access: .secretKey(of: app), scope: .appsRead, app: app, refusal: .missingScope(.appsRead)),
        Row(who: "secret key", access: .secretKey(of: app), scope: .linksRead, app: other, refusal: .notAMember(other)),
        Row(who: "token", access: narrowToken, scope: .linksRead, app: app, refusal: nil),
        Row(who: "token", access: narrowToken, scope: .linksWrite, app: app, refusal: .missingScope(.linksWrite)),
        Row(who: "token", access: narrowToken, scope: .linksRead, app: other, refusal: .appNotListed(other)),
        Row(who: "the admin token", access: .everything, scope: .usersWrite, app: nil, refusal: nil),
    ]

    @Test(arguments: rows)
    func theRefusalNamesWhatIsMissing(_ row: Row) {
        #expect(row.access.refusal(row.scope, app: row.app) == row.refusal)
    }

    /// A token with a scope its person's role lacks still cannot use it.
    @Test func aTokenIsNeverWiderThanItsPerson() {
        var token = Self.viewer
        token.scopes = Set(Scope.allCases)
        #expect(token.refusal(.linksWrite, app: Self.app) == .roleLacks(.viewer, .linksWrite))
        #expect(token.visible([Self.app, Self.other]) == [Self.app])
        #expect(Self.narrowToken.covers(scopes: [.linksRead], apps: [Self.app]) == nil)
        #expect(Self.narrowToken.covers(scopes: [.linksWrite], apps: [Self.app]) == .missingScope(.linksWrite))
        #expect(Self.narrowToken.covers(scopes: [.linksRead], apps: nil) == .appNotListed("*"))
        #expect(Self.narrowToken.covers(scopes: [.linksRead], apps: [Self.other]) == .appNotListed(Self.other))
    }

    /// Each role has what the one below it has, and more.
    @Test func rolesNest() {
        #expect(Role.viewer.scopes.isStrictSubset(of: Role.editor.scopes))
        #expect(Role.editor.scopes.isStrictSubset(of: Role.admin.scopes))
        #expect(!Role.admin.scopes.contains(.usersWrite), "people are the owners'")
    }
}
