import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// An app's pages: its links (searched, a page at a time), its hosts with the files they
/// serve, and the form that creates or edits it (owners create apps, an app's admins edit it).
struct AppPagesController {
    let store: any LinkStore
    let directory: HostDirectory
    let apps: AppService
    let links: LinkService
    let people: PeopleDirectory
    let pages: DashboardPages

    func register(on group: RouterGroup<SignedInContext>) {
        group.get("/apps/new", use: newApp)
        group.post("/apps", use: createApp)
        group.get("/apps/{id}", use: showApp)
        group.get("/apps/{id}/edit", use: editApp)
        group.post("/apps/{id}", use: updateApp)
    }

    @Sendable func newApp(_ request: Request, context: SignedInContext) async throws -> Response {
        try context.session.organisation(.appsWrite)
        return pages.render(AppFormPage(heading: "New app", action: "/apps"), session: context.session)
    }

    @Sendable func createApp(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        try session.organisation(.appsWrite)
        let form = try await DashboardForm.decode(AppForm.self, request, context)
        try session.checkCSRF(form.csrf)
        do {
            let created = try await apps.create(try form.body(), by: context.author)
            return try await appPage(
                id: created.id ?? "", session: session, request: request, secretKey: created.secretKey,
                notice: "App created. Copy its secret key now: it is not shown again.")
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            return pages.render(
                AppFormPage(heading: "New app", action: "/apps", form: .init(form), error: error.message), session: session, status: error.status)
        }
    }

    @Sendable func showApp(_ request: Request, context: SignedInContext) async throws -> Response {
        try await appPage(id: try context.parameters.require("id"), session: context.session, request: request)
    }

    @Sendable func editApp(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let app = try session.app(try context.parameters.require("id"), .appsWrite, in: directory)
        let body = AppInput.body(of: app, publishableKey: nil)
        return pages.render(AppFormPage(heading: "Edit \(app.name)", action: "/apps/\(app.id)", form: .init(body)), session: session)
    }

    @Sendable func updateApp(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let app = try session.app(try context.parameters.require("id"), .appsWrite, in: directory)
        let form = try await DashboardForm.decode(AppForm.self, request, context)
        try session.checkCSRF(form.csrf)
        do {
            _ = try await apps.update(app, with: try form.body(), by: context.author)
            return .redirect(to: "/apps/\(app.id)")
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            let page = AppFormPage(heading: "Edit \(app.name)", action: "/apps/\(app.id)", form: .init(form), error: error.message)
            return pages.render(page, session: session, status: error.status)
        }
    }

    private func appPage(id: String, session: DashboardSession, request: Request, secretKey: String? = nil, notice: String? = nil) async throws
        -> Response
    {
        let app = try session.app(id, .linksRead, in: directory)
        let query = request.uri.queryParameters
        let text = (query["q"].map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        let cursor = query["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let pageSize = 25
        let found =
            text.isEmpty
            ? try await store.links(appID: app.id, before: cursor, limit: pageSize + 1)
            : try await store.links(appID: app.id, containing: String(text.prefix(200)), before: cursor, limit: pageSize + 1)
        let shown = found.prefix(pageSize).map { AppPage.row($0, shown: links.shown($0, app)) }
        var page = AppPage(
            app: app, snapshot: directory.current, admin: session.allows(.membersWrite, app: app.id),
            editor: session.allows(.linksWrite, app: app.id), links: Array(shown), query: text, next: found.count > pageSize ? shown.last?.id : nil)
        let everyone = people.current
        page.members = everyone.roles.compactMap { userID, roles in
            guard let role = roles[app.id], let user = everyone.users[userID] else { return nil }
            return AppPage.Member(user: user.id, email: user.email, name: user.name, role: role.rawValue)
        }.sorted { $0.email < $1.email }
        page.secretKey = secretKey
        page.notice = notice
        return pages.render(page, session: session)
    }
}
