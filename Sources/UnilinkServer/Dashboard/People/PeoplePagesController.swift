import Foundation
import Hummingbird
import UnilinkCore
import UnilinkStorage

/// People in the dashboard: the organisation's list for its owners (invite, make owner,
/// disable, new link), an app's members for its admins, and the audit log of either.
/// Every decision is `DashboardSession`'s, over the same access as the API's.
struct PeoplePagesController {
    let store: any PeopleStore & AuditStore
    let people: PeopleService
    let directory: HostDirectory
    let address: DashboardAddress
    let pages: DashboardPages

    func register(on group: RouterGroup<SignedInContext>) {
        group.get("/people", use: list)
        group.post("/people", use: invite)
        group.post("/people/{id}/owner", use: setOwner)
        group.post("/people/{id}/disabled", use: setDisabled)
        group.post("/people/{id}/invitation", use: reinvite)
        group.post("/apps/{id}/members", use: addMember)
        group.post("/apps/{id}/members/{user}/remove", use: removeMember)
        group.get("/audit", use: organisationAudit)
        group.get("/apps/{id}/audit", use: appAudit)
    }

    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> Response {
        try context.session.organisation(.usersRead)
        return pages.render(page(), session: context.session)
    }

    struct InviteForm: Decodable {
        var csrf: String?
        var email: String?
        var name: String?
        var owner: String?
    }

    @Sendable func invite(_ request: Request, context: SignedInContext) async throws -> Response {
        try context.session.organisation(.usersWrite)
        let form = try await DashboardForm.decode(InviteForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        do {
            let (user, token) = try await people.invite(
                email: form.email ?? "", name: form.name ?? "", isOwner: form.owner == "on", roles: [:], by: context.author)
            var page = page()
            page.invitationURL = address.url("/invitations/\(token)", for: request)
            page.invitedEmail = user.email
            return pages.render(page, session: context.session, status: .created)
        } catch {
            var page = page()
            page.error = try DashboardForm.refusal(error, logger: context.logger).message
            return pages.render(page, session: context.session, status: .badRequest)
        }
    }

    struct FlagForm: Decodable {
        var csrf: String?
        var value: String?
    }

    @Sendable func setOwner(_ request: Request, context: SignedInContext) async throws -> Response {
        try await change(request, context) { user, on in user.isOwner = on }
    }

    @Sendable func setDisabled(_ request: Request, context: SignedInContext) async throws -> Response {
        try await change(request, context) { user, on in user.isDisabled = on }
    }

    private func change(_ request: Request, _ context: SignedInContext, _ apply: (inout User, Bool) -> Void) async throws -> Response {
        try context.session.organisation(.usersWrite)
        let form = try await DashboardForm.decode(FlagForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        let old = try await person(context)
        var new = old
        apply(&new, form.value == "true")
        do {
            try await people.update(old, to: new, by: context.author)
            return .redirect(to: "/people")
        } catch {
            var page = page()
            page.error = try DashboardForm.refusal(error, logger: context.logger).message
            return pages.render(page, session: context.session, status: .badRequest)
        }
    }

    @Sendable func reinvite(_ request: Request, context: SignedInContext) async throws -> Response {
        try context.session.organisation(.usersWrite)
        try context.session.checkCSRF(try await DashboardForm.decode(FlagForm.self, request, context).csrf)
        let user = try await person(context)
        let token = try await people.reinvite(user, by: context.author)
        var page = page()
        page.invitationURL = address.url("/invitations/\(token)", for: request)
        page.invitedEmail = user.email
        return pages.render(page, session: context.session)
    }

    struct MemberForm: Decodable {
        var csrf: String?
        var email: String?
        var role: String?
    }

    @Sendable func addMember(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try context.session.app(try context.parameters.require("id"), .membersWrite, in: directory)
        let form = try await DashboardForm.decode(MemberForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        guard let role = Role(rawValue: form.role ?? "") else { throw DashboardError.badRequest("Choose viewer, editor or admin.") }
        guard let user = try await store.user(email: User.normalize(email: form.email ?? "")) else {
            throw DashboardError.badRequest("No one has an account with that e-mail address; an owner invites people first.")
        }
        try await people.setMember(appID: app.id, user: user, role: role, by: context.author)
        return .redirect(to: "/apps/\(app.id)")
    }

    @Sendable func removeMember(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try context.session.app(try context.parameters.require("id"), .membersWrite, in: directory)
        try context.session.checkCSRF(try await DashboardForm.decode(FlagForm.self, request, context).csrf)
        _ = try await people.removeMember(appID: app.id, userID: try context.parameters.require("user"), by: context.author)
        return .redirect(to: "/apps/\(app.id)")
    }

    @Sendable func organisationAudit(_ request: Request, context: SignedInContext) async throws -> Response {
        try context.session.organisation(.auditRead)
        return try await audit(request, context, filter: AuditFilter(), heading: "Audit log", base: "/audit")
    }

    @Sendable func appAudit(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try context.session.app(try context.parameters.require("id"), .auditRead, in: directory)
        return try await audit(
            request, context, filter: AuditFilter(appID: app.id), heading: "Audit log of \(app.name)", base: "/apps/\(app.id)/audit")
    }

    private func audit(_ request: Request, _ context: SignedInContext, filter: AuditFilter, heading: String, base: String) async throws -> Response {
        let cursor = request.uri.queryParameters["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let limit = 50
        let entries = try await store.auditEntries(filter, before: cursor, limit: limit)
        let users = people.people.current.users
        let rows = entries.map { entry in
            let who: String
            switch entry.actor.kind {
            case .user: who = users[entry.actor.id]?.email ?? entry.actor.id
            case .apiToken: who = "token \(entry.actor.id) of \(entry.actor.userID.flatMap { users[$0]?.email } ?? "?")"
            default: who = entry.actor.kind.rawValue.replacingOccurrences(of: "_", with: " ") + (entry.actor.id.isEmpty ? "" : " \(entry.actor.id)")
            }
            let changes = entry.changes.sorted { $0.key < $1.key }.map { key, change in
                "\(key): \(change.before.map(Self.text) ?? "–") → \(change.after.map(Self.text) ?? "–")"
            }
            return AuditLogPage.Entry(
                time: Moment(entry.time), actor: who, action: entry.action, object: "\(entry.objectKind) \(entry.objectID)",
                changes: changes.joined(separator: "; "), address: entry.address ?? "")
        }
        let next = entries.count == limit ? entries.last.map { "\(base)?cursor=\($0.id)" } : nil
        return pages.render(AuditLogPage(heading: heading, entries: rows, next: next), session: context.session)
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return String(text.prefix(200))
        case .bool(let flag): return flag ? "yes" : "no"
        case .number(let number): return number.rounded() == number ? String(Int(number)) : String(number)
        case .null: return "null"
        case .array, .object:
            // As a person compares a before with its after: keys in one order, URLs as typed.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String((try? String(decoding: encoder.encode(value), as: UTF8.self))?.prefix(200) ?? "")
        }
    }

    private func person(_ context: SignedInContext) async throws -> User {
        guard let user = try await store.user(id: try context.parameters.require("id")) else {
            throw DashboardError.notFound("No person has that id.")
        }
        return user
    }

    private func page() -> PeoplePage {
        PeoplePage(people.people.current, appNames: directory.current.apps.mapValues(\.name))
    }
}
