import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// Renders the dashboard's templates inside the common head and foot, with the headers
/// every dashboard page carries.
struct DashboardPages: Sendable {
    private let library: MustacheLibrary

    init() throws {
        var library = MustacheLibrary()
        for (name, text) in DashboardTemplates.all { try library.register(text, named: name) }
        self.library = library
    }

    func render(_ name: String, _ values: [String: Any], session: DashboardSession?, status: HTTPResponse.Status = .ok) -> Response {
        page(name, values, session: session, status: status).response
    }

    /// The page with its length said (HEAD answers with the same fields, no body).
    func page(_ name: String, _ values: [String: Any], session: DashboardSession?, status: HTTPResponse.Status = .ok) -> BufferedResponse {
        var values = values
        if let session {
            values["session"] = true
            values["csrf"] = session.csrfToken
            values["who"] = session.isAdmin ? "admin" : "app \(session.appID ?? "")"
        }
        let html = ByteBuffer(string: library.render(values, withTemplate: name) ?? "")
        var headers = Self.headers
        headers[.contentLength] = String(html.readableBytes)
        return BufferedResponse(status: status, headers: headers, body: html)
    }

    static let headers: HTTPFields = [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "same-origin", HTTPField.Name("X-Frame-Options")!: "DENY",
        .contentSecurityPolicy: "default-src 'self'; img-src 'self' https: data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    ]
}
