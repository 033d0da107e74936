import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// A link's pages: what it is and its numbers, the form that creates or edits it, its
/// deletion, and its QR code as an image.
struct LinkPagesController {
    let store: any LinkStore & ClickStore & EventStore
    let directory: HostDirectory
    let links: LinkService
    let pages: DashboardPages
    /// Whether country and region conditions can hold (`GeoLocator`).
    var geography: @Sendable () -> GeoAvailability = { .none }

    func register(on group: RouterGroup<SignedInContext>) {
        group.get("/apps/{id}/links/new", use: newLink)
        group.post("/apps/{id}/links", use: createLink)
        group.get("/links/{id}", use: showLink)
        group.get("/links/{id}/edit", use: editLink)
        group.post("/links/{id}", use: updateLink)
        group.post("/links/{id}/delete", use: deleteLink)
        group.get("/links/{id}/qr.png", use: qrPNG)
        group.get("/links/{id}/qr.svg", use: qrSVG)
    }

    @Sendable func newLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try context.session.app(try context.parameters.require("id"), .linksWrite, in: directory)
        return pages.render(
            LinkFormPage(title: "New link", heading: "New link for \(app.name)", action: "/apps/\(app.id)/links"), session: context.session)
    }

    @Sendable func createLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let app = try session.app(try context.parameters.require("id"), .linksWrite, in: directory)
        let form = try await DashboardForm.decode(LinkForm.self, request, context)
        try session.checkCSRF(form.csrf)
        let page = { (error: APIError?) in
            LinkFormPage(title: "New link", heading: "New link for \(app.name)", action: "/apps/\(app.id)/links", form: .init(form), error: error)
        }
        if form.previews { return try preview(form, app: app, id: "lnk_preview", code: "preview", context: context, page: page) }
        do {
            let (link, _) = try await links.create(try form.body(), app: app, by: context.author)
            return .redirect(to: "/links/\(link.id)")
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            let page = LinkFormPage(
                title: "New link", heading: "New link for \(app.name)", action: "/apps/\(app.id)/links", form: .init(form), error: error)
            return pages.render(page, session: session, status: error.status)
        }
    }

    @Sendable func showLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let (link, app) = try await context.session.link(try context.parameters.require("id"), .linksRead, store: store, directory: directory)
        let range = try DayRange(request)
        let stats = LinkStatsAnswer.make(linkID: link.id, window: range.window, counts: try await links.counts(link, window: range.window))
        let before = LinkStatsAnswer.make(linkID: link.id, window: range.previous, counts: try await links.counts(link, window: range.previous))
        let numbers = NumbersSection(
            stats, previous: before, appID: app.id, range: range, page: "/links/\(link.id)", csv: "/links/\(link.id)/numbers.csv")
        let now = Date.now
        let destinations = LinkDestinations.rows(link, app: app, router: ClickRouter(addressing: links.port.addressing), now: now)
        var page = LinkDetailPage(link: link, shown: links.shown(link, app), app: app, destinations: destinations, numbers: numbers, now: now)
        page.editor = context.session.allows(.linksWrite, app: app.id)
        if link.routing != nil || app.defaultRules != nil {
            let numbers = try await store.variantNumbers(linkID: link.id)
            let report = link.routing.map { routing in
                ABTestReport.make(
                    linkID: link.id,
                    variants: routing.variants.map {
                        let counted = numbers[$0.name] ?? VariantNumbers()
                        return ($0.name, $0.weight, counted.clicks, counted.installs, counted.opens)
                    })
            }
            page.routing = LinkRoutingSection(link: link, app: app, report: report, geography: geography())
        }
        page.visitors = try await store.recentClicks(linkID: link.id, limit: 10).map {
            LinkDetailPage.Visitor(time: Moment($0.time, now: now), platform: $0.platform, outcome: $0.outcome, inApp: $0.inAppBrowser ?? "")
        }
        return pages.render(page, session: context.session)
    }

    @Sendable func editLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let (link, app) = try await context.session.link(try context.parameters.require("id"), .linksWrite, store: store, directory: directory)
        let page = LinkFormPage(title: "Edit link", heading: "Edit link", action: "/links/\(link.id)", form: .init(links.shown(link, app)))
        return pages.render(page, session: context.session)
    }

    @Sendable func updateLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let (link, app) = try await session.link(try context.parameters.require("id"), .linksWrite, store: store, directory: directory)
        let form = try await DashboardForm.decode(LinkForm.self, request, context)
        try session.checkCSRF(form.csrf)
        if form.previews {
            return try preview(form, app: app, id: link.id, code: link.code, context: context) {
                LinkFormPage(title: "Edit link", heading: "Edit link", action: "/links/\(link.id)", form: .init(form), error: $0)
            }
        }
        do {
            _ = try await links.update(link, with: try form.body(), app: app, replacing: true, by: context.author)
            return .redirect(to: "/links/\(link.id)")
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            let page = LinkFormPage(title: "Edit link", heading: "Edit link", action: "/links/\(link.id)", form: .init(form), error: error)
            return pages.render(page, session: session, status: error.status)
        }
    }

    /// The form again, unsaved, with what the visitor it names gets from the link as typed;
    /// a link the API would refuse shows its refusal instead.
    private func preview(
        _ form: LinkForm, app: App, id: String, code: String, context: SignedInContext, page: (APIError?) -> LinkFormPage
    ) throws -> Response {
        let simulated = SimulatedVisitor(country: form.previewCountry, languages: form.previewLanguages, at: form.previewAt)
        do {
            let link = try LinkInput.create(try form.body(), app: app, id: id, code: code, now: .now)
            var shown = page(nil)
            shown.preview = RulePreview(
                link: link, app: app, router: ClickRouter(addressing: links.port.addressing), simulated: simulated, kind: form.previewVisitor)
            shown.previewProblems = simulated.problems
            return pages.render(shown, session: context.session)
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            return pages.render(page(error), session: context.session, status: error.status)
        }
    }

    @Sendable func deleteLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let (link, app) = try await session.link(try context.parameters.require("id"), .linksWrite, store: store, directory: directory)
        struct Form: Decodable { var csrf: String? }
        try session.checkCSRF(try await DashboardForm.decode(Form.self, request, context).csrf)
        try await links.delete(link, app: app, by: context.author)
        return .redirect(to: "/apps/\(app.id)")
    }

    @Sendable func qrPNG(_ request: Request, context: SignedInContext) async throws -> Response {
        try await qr(request, context, format: "png")
    }

    @Sendable func qrSVG(_ request: Request, context: SignedInContext) async throws -> Response {
        try await qr(request, context, format: "svg")
    }

    private func qr(_ request: Request, _ context: SignedInContext, format: String) async throws -> Response {
        let (link, app) = try await context.session.link(try context.parameters.require("id"), .linksRead, store: store, directory: directory)
        var query = request.uri.queryParameters
        query.append(key: "format", value: Substring(format))
        do {
            return try await QRResponse.make(for: links.shown(link, app), design: app.qrDesign, query: query)
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            throw DashboardError.badRequest(error.message)
        }
    }
}
