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
        let session = context.session
        let app = try session.app(try context.parameters.require("id"), in: directory)
        return pages.render("link_form", ["title": "New link", "heading": "New link for \(app.name)", "action": "/apps/\(app.id)/links", "form": [:] as [String: Any]],
                            session: session)
    }

    @Sendable func createLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let app = try session.app(try context.parameters.require("id"), in: directory)
        let form = try await DashboardForm.decode(LinkForm.self, request, context)
        try session.checkCSRF(form.csrf)
        do {
            let (link, _) = try await links.create(try form.body(), app: app)
            return .redirect(to: "/links/\(link.id)")
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            return pages.render("link_form", ["title": "New link", "heading": "New link for \(app.name)", "action": "/apps/\(app.id)/links",
                                              "form": form.values(), "error": error.message], session: session, status: error.status)
        }
    }

    @Sendable func showLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let (link, app) = try await session.link(try context.parameters.require("id"), store: store, directory: directory)
        let body = links.shown(link, app)
        let url = body.shortURL ?? body.longURL ?? ""
        var values: [String: Any] = [
            "title": body.shortURL ?? link.id, "heading": body.alias ?? body.path ?? link.id, "app_id": app.id, "app_name": app.name,
            "link": ["id": link.id, "short_url": body.shortURL ?? "", "long_url": body.longURL ?? "", "path": body.path ?? "", "deep_link_value": body.deepLinkValue ?? ""],
            "debug_url": url,
        ]
        if let social = body.social {
            // Mustache renders a section for an empty string: absent values are left out.
            var card: [String: Any] = ["title": social.title ?? body.path ?? app.name, "description": social.description ?? "",
                                       "host": URLComponents(string: url)?.host ?? ""]
            if let image = social.imageURL, !image.isEmpty { card["image_url"] = image }
            values["social"] = card
        }
        let range = try NumbersController.range(request)
        let counts = try await store.clickCounts(linkID: link.id, from: range.from, to: range.to)
        let events = try await store.eventCounts(linkID: link.id, from: range.from, to: range.to)
        values.merge(NumbersController.numbers(counts, events: events, range: range, csv: "/links/\(link.id)/numbers.csv", groups: [])) { $1 }
        return pages.render("link", values, session: session)
    }

    @Sendable func editLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let (link, app) = try await session.link(try context.parameters.require("id"), store: store, directory: directory)
        return pages.render("link_form", ["title": "Edit link", "heading": "Edit link", "action": "/links/\(link.id)",
                                          "form": LinkForm.values(of: links.shown(link, app))], session: session)
    }

    @Sendable func updateLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let (link, app) = try await session.link(try context.parameters.require("id"), store: store, directory: directory)
        let form = try await DashboardForm.decode(LinkForm.self, request, context)
        try session.checkCSRF(form.csrf)
        do {
            _ = try await links.update(link, with: try form.body(), app: app, replacing: true)
            return .redirect(to: "/links/\(link.id)")
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            return pages.render("link_form", ["title": "Edit link", "heading": "Edit link", "action": "/links/\(link.id)", "form": form.values(), "error": error.message],
                                session: session, status: error.status)
        }
    }

    @Sendable func deleteLink(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let (link, app) = try await session.link(try context.parameters.require("id"), store: store, directory: directory)
        struct Form: Decodable { var csrf: String? }
        try session.checkCSRF(try await DashboardForm.decode(Form.self, request, context).csrf)
        try await links.delete(link)
        return .redirect(to: "/apps/\(app.id)")
    }

    @Sendable func qrPNG(_ request: Request, context: SignedInContext) async throws -> Response {
        try await qr(request, context, format: "png")
    }

    @Sendable func qrSVG(_ request: Request, context: SignedInContext) async throws -> Response {
        try await qr(request, context, format: "svg")
    }

    private func qr(_ request: Request, _ context: SignedInContext, format: String) async throws -> Response {
        let session = context.session
        let (link, app) = try await session.link(try context.parameters.require("id"), store: store, directory: directory)
        var query = request.uri.queryParameters
        query.append(key: "format", value: Substring(format))
        do {
            return try QRResponse.make(for: links.shown(link, app), query: query)
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            throw DashboardError.badRequest(error.message)
        }
    }
}
