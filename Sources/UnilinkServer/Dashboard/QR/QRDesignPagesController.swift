import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore

/// An app's QR design in the dashboard, for whoever may change the app (`apps:write`, as
/// the API's `PATCH /v1/apps/{id}` with `qr`): the form, a preview of what it holds, and
/// saving it through `AppService` with the API's rules, messages and audit entry.
struct QRDesignPagesController {
    let directory: HostDirectory
    let apps: AppService
    let pages: DashboardPages

    func register(on group: RouterGroup<SignedInContext>) {
        group.get("/apps/{id}/qr", use: show)
        group.post("/apps/{id}/qr", use: save)
    }

    @Sendable func show(_ request: Request, context: SignedInContext) async throws -> Response {
        pages.render(QRDesignPage(app: try app(context)), session: context.session)
    }

    /// Saves, or with the Preview button draws what the form holds and saves nothing; a
    /// refused form keeps everything typed, the new logo too.
    @Sendable func save(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        let form = try await DashboardForm.decode(QRDesignForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        switch form.design(merging: app.qrDesign ?? .plain) {
        case .refused(let refusals):
            var page = QRDesignPage(app: app, form: .init(form))
            page.show(refusals)
            let first = QRDesignForm.Field.allCases.lazy.compactMap { refusals[$0] }.first
            return pages.render(page, session: context.session, status: first?.status ?? .badRequest)
        case .accepted(let design) where form.preview != nil:
            var page = QRDesignPage(app: app, form: .init(form), drawn: design)
            page.notice = "A preview: nothing is saved until you press Save."
            return pages.render(page, session: context.session)
        case .accepted:
            var body = AppBody()
            body.qr = form.body
            do {
                _ = try await apps.update(app, with: body, by: context.author)
            } catch {
                var page = QRDesignPage(app: app, form: .init(form))
                page.error = try DashboardForm.refusal(error, logger: context.logger).message
                return pages.render(page, session: context.session, status: .unprocessableContent)
            }
            var page = QRDesignPage(app: try self.app(context))
            page.notice = "Saved: the app's QR codes are drawn this way from now on."
            return pages.render(page, session: context.session)
        }
    }

    /// The app of the path, which the session must be allowed to change.
    private func app(_ context: SignedInContext) throws -> App {
        try context.session.app(try context.parameters.require("id"), .appsWrite, in: directory)
    }
}
