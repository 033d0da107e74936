import Foundation
import Hummingbird
import Logging
import NIOCore
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// Branch's link API shapes: `POST /v1/url`, `POST /v1/url/bulk/{branch_key}` and
/// `GET /v1/url?url=&branch_key=`, with the app's publishable or secret key as the
/// `branch_key`. Answers as Branch did (200 `{"url"}`); the same alias with the same data
/// is the same URL, with other data a 409.
struct BranchController {
    let store: any LinkStore
    let directory: HostDirectory
    let links: LinkService
    static let maxBulk = 1000

    /// `group` is `/v1/url` with the API's rate limit.
    func register(on group: RouterGroup<AppRequestContext>) {
        group.post(use: create)
        group.post(RouterPath(APIPath.relative(APIPath.branchBulk, to: APIPath.branchURL)), use: bulk)
        group.get(use: read)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await answering {
            let body = try await decode(BranchLink.self, request, context)
            let app = try app(for: body.branchKey)
            let author = Self.author(key: body.branchKey, app: app, context)
            return try HTTPBody.json(BranchAnswer.url(try await url(of: body, app: app, by: author)))
        }
    }

    @Sendable func bulk(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await answering {
            let key = try context.parameters.require("branch_key")
            let app = try app(for: key)
            let author = Self.author(key: key, app: app, context)
            let bodies = try await decode([BranchLink].self, request, context)
            guard bodies.count <= Self.maxBulk else {
                throw APIError.badRequest("a bulk request holds at most \(Self.maxBulk) links; got \(bodies.count)")
            }
            let created = try await links.createEach(bodies.map { body in Result { () throws(APIError) in try body.body() } }, app: app, by: author)
            let answers = created.map { result -> BranchAnswer in
                switch result.flatMap({ url(of: $0, app: app) }) {
                case .success(let url): .url(url)
                case .failure(let error): .error(error)
                }
            }
            return try HTTPBody.json(answers)
        }
    }

    @Sendable func read(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await answering {
            let query = request.uri.queryParameters
            let app = try app(for: query["branch_key"].map(String.init))
            guard let text = query["url"].map(String.init) else { throw APIError.badRequest("'url' is required: one of the app's short links") }
            guard let url = LinkURL(text) else { throw APIError.notFound("'\(text.prefix(200))' is not a short link of this app") }
            let segment = String(url.path.drop(while: { $0 == "/" }))
            let host = url.host.lowercased()
            guard app.domains.contains(where: { $0.host == host && $0.role == .short }), !segment.isEmpty else {
                throw APIError.notFound("'\(text.prefix(200))' is not a short link of this app")
            }
            let link: Link?
            if let found = try await store.link(code: segment), found.appID == app.id {
                link = found
            } else {
                link = try await store.link(appID: app.id, alias: segment)
            }
            guard let link else { throw APIError.notFound("no link of this app at '\(text.prefix(200))'") }
            let shown = links.shown(link, app)
            return try HTTPBody.json(BranchLink.shape(of: shown, url: shown.shortURL ?? text))
        }
    }

    /// The key Branch's caller sent names the actor: Branch accepted either key.
    private static func author(key: String?, app: App, _ context: AppRequestContext) -> ChangeAuthor {
        ChangeAuthor(actor: AuditActor(key?.hasPrefix("sk_") == true ? .secretKey : .publishableKey, id: app.id), address: context.auditAddress)
    }

    private func url(of body: BranchLink, app: App, by author: ChangeAuthor) async throws -> String {
        let (link, _) = try await links.create(try body.body(), app: app, by: author)
        return try url(of: link, app: app).get()
    }

    private func url(of link: Link, app: App) -> Result<String, APIError> {
        let shown = links.shown(link, app)
        guard let url = shown.shortURL ?? shown.longURL else {
            return .failure(APIError.conflict("no_short_host", "the app has no short host to put the link on"))
        }
        return .success(url)
    }

    /// Publishable or secret key, as Branch accepted either.
    private func app(for key: String?) throws -> App {
        guard let key, !key.isEmpty else { throw APIError.unauthorized("send the app's publishable or secret key as 'branch_key'") }
        guard case .success(let app) = directory.current.app(forAnyKey: key) else {
            throw APIError.unauthorized("the branch_key is not a valid key of any app")
        }
        return app
    }

    private func decode<T: Decodable>(_ type: T.Type, _ request: Request, _ context: AppRequestContext) async throws -> T {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw APIError.badRequest(DecodingProblem.describe(error))
        }
    }

    /// Branch's error shape: `{"error": {"code": 409, "message": ...}}`.
    private func answering(_ work: () async throws -> Response) async throws -> Response {
        do {
            return try await work()
        } catch let error as APIError {
            return try HTTPBody.json(BranchAnswer.error(error), status: error.status)
        } catch let error as StoreError {
            if case .unavailable = error { throw error }
            let translated = ErrorMiddleware<AppRequestContext>.translate(error, logger: .init(label: "branch"))
            return try HTTPBody.json(BranchAnswer.error(translated), status: translated.status)
        }
    }
}
