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
        group.post("/apps/{id}/links/bulk", use: bulk)
    }

    /// The links list's selection: a bulk action (editors), or the selected links as a CSV
    /// file (anyone who reads them). Refused as a whole when one link is not the app's.
    @Sendable func bulk(_ request: Request, context: SignedInContext) async throws -> Response {
        struct Form: Decodable {
            var csrf: String?
            var action: String?
            var ids: [String]?
            var tags: String?
            var campaign: String?
        }
        let session = context.session
        let id = try context.parameters.require("id")
        let form = try await DashboardForm.decode(Form.self, request, context)
        try session.checkCSRF(form.csrf)
        let ids = form.ids ?? []
        if form.action == "export" {
            let app = try session.app(id, .linksRead, in: directory)
            return try await LinkExport.csv(ids: ids, app: app, store: store, shown: { links.shown($0, app) })
        }
        let app = try session.app(id, .linksWrite, in: directory)
        let asked = LinkBulkRequest(
            action: form.action ?? "", ids: ids, tags: form.tags.map(LinkTags.parse), campaign: form.campaign?.trimmingCharacters(in: .whitespaces))
        let notice: String
        do {
            let action = try LinkService.action(of: asked)
            _ = try await links.bulk(action, ids: ids, app: app, by: context.author)
            notice = LinkExport.notice(for: action, count: Set(ids).count)
        } catch {
            let refusal = try DashboardForm.refusal(error, logger: context.logger)
            let message = ids.isEmpty ? "Select at least one link first." : "Nothing was changed: \(refusal.message)"
            return try await appPage(id: app.id, session: session, request: request, error: message)
        }
        return try await appPage(id: app.id, session: session, request: request, notice: notice)
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
                AppFormPage(heading: "New app", action: "/apps", form: .init(form), error: error), session: session, status: error.status)
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
            let page = AppFormPage(heading: "Edit \(app.name)", action: "/apps/\(app.id)", form: .init(form), error: error)
            return pages.render(page, session: session, status: error.status)
        }
    }

    private func appPage(
        id: String, session: DashboardSession, request: Request, secretKey: String? = nil, notice: String? = nil, error: String? = nil
    ) async throws -> Response {
        let app = try session.app(id, .linksRead, in: directory)
        let now = Date.now
        var listing: LinkListing
        do {
            listing = try LinkListQuery.listing(request.uri.queryParameters, now: now)
        } catch let error as APIError {
            throw DashboardError.badRequest(error.message)
        }
        listing.limit = 25
        let found = try await store.links(appID: app.id, listing: listing)
        let facets = try await store.linkFacets(appID: app.id, limit: 200)
        let list = LinkListSection(
            appID: app.id, listing: listing, page: found.rows, shown: { links.shown($0, app) }, facets: facets,
            next: found.next.map {
                LinkListSection.address(appID: app.id, listing: listing, cursor: LinkListQuery.text(of: $0, order: listing.order))
            },
            now: now)
        var page = AppPage(
            app: app, snapshot: directory.current, admin: session.allows(.membersWrite, app: app.id),
            editor: session.allows(.linksWrite, app: app.id),
            list: list)
        let everyone = people.current
        page.members = everyone.roles.compactMap { userID, roles in
            guard let role = roles[app.id], let user = everyone.users[userID] else { return nil }
            return AppPage.Member(user: user.id, email: user.email, name: user.name, role: role.rawValue)
        }.sorted { $0.email < $1.email }
        page.secretKey = secretKey
        page.notice = notice
        page.error = error
        return pages.render(page, session: session, status: error == nil ? .ok : .unprocessableContent)
    }
}
