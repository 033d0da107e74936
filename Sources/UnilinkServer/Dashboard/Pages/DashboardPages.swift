import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// Renders the dashboard's pages inside the common head and foot, with the headers every
/// dashboard page carries.
struct DashboardPages: Sendable {
    private let library: MustacheLibrary

    init() throws {
        var library = MustacheLibrary()
        for (name, text) in DashboardTemplates.all { try library.register(text, named: name) }
        self.library = library
    }

    func render(_ page: some DashboardPage, session: DashboardSession?, status: HTTPResponse.Status = .ok) -> Response {
        self.page(page, session: session, status: status).response
    }

    /// The page with its length said (HEAD answers with the same fields, no body).
    func page(_ page: some DashboardPage, session: DashboardSession?, status: HTTPResponse.Status = .ok) -> BufferedResponse {
        var page = page
        page.session = session.map(PageSession.init)
        let html = ByteBuffer(string: self.html(page))
        var headers = Self.headers
        headers[.contentLength] = String(html.readableBytes)
        return BufferedResponse(status: status, headers: headers, body: html)
    }

    func html<Page: DashboardPage>(_ page: Page) -> String {
        library.render(page, withTemplate: Page.template) ?? ""
    }

    static let headers: HTTPFields = [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "same-origin", HTTPField.Name("X-Frame-Options")!: "DENY",
        .contentSecurityPolicy:
            "default-src 'self'; img-src 'self' https: data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    ]
}
