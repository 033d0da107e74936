import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// The dashboard: server-rendered pages on every host no app claims (and on
/// `UNILINK_DASHBOARD_HOST`). Every change goes through the API controllers' own
/// functions, so validation, permissions and errors are the API's.
struct DashboardController {
    let store: any LinkStore & ClickStore & EventStore & SessionStore
    let directory: HostDirectory
    let apps: AppService
    let links: LinkService
    let addresses: ClientAddressResolver
    let rateLimiter: RateLimiter
    let sessionHours: Int
    let debugPage: LinkDebugPage
    let pages: DashboardPages
    static let signInPolicy = RateLimitPolicy(name: "dashboard_sign_in", quota: 10, window: 60)

    func register(on router: Router<AppRequestContext>) {
        router.get("/", use: home)
        router.post("/sign-in", use: signIn)
        router.post("/sign-out", use: signOut)
        router.get("/apps/new", use: newApp)
        router.post("/apps", use: createApp)
        router.get("/apps/{id}", use: showApp)
        router.get("/apps/{id}/edit", use: editApp)
        router.post("/apps/{id}", use: updateApp)
        router.get("/apps/{id}/numbers", use: appNumbers)
        router.get("/apps/{id}/numbers.csv", use: appNumbersCSV)
        router.get("/apps/{id}/links/new", use: newLink)
        router.post("/apps/{id}/links", use: createLink)
        router.get("/links/{id}", use: showLink)
        router.get("/links/{id}/edit", use: editLink)
        router.post("/links/{id}", use: updateLink)
        router.post("/links/{id}/delete", use: deleteLink)
        router.get("/links/{id}/numbers.csv", use: linkNumbersCSV)
        router.get("/links/{id}/qr.png", use: qrPNG)
        router.get("/links/{id}/qr.svg", use: qrSVG)
        router.get("/debug", use: debug)
        router.get("/**", use: notFound)
    }

    // MARK: Sign-in

    @Sendable func home(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let session = try await session(request) else { return pages.render("sign_in", ["title": "Sign in"], session: nil) }
        if let appID = session.appID { return .redirect(to: "/apps/\(appID)") }
        let snapshot = directory.current
        let list = snapshot.apps.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map { app -> [String: Any] in
            ["id": app.id, "name": app.name, "hosts": app.domains.map(\.host).joined(separator: ", "), "created": Timestamp.format(app.createdAt)]
        }
        return pages.render("apps", ["title": "Apps", "apps": list, "admin": true], session: session)
    }

    /// Wrong tokens are limited per visitor address (10 a minute), and a wrong token says
    /// nothing about which kind it was meant to be.
    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let address = addresses.address(request, context)
        let decision = rateLimiter.check(Self.signInPolicy, key: RateLimiter.key("dashboard_sign_in", address))
        guard decision.allowed else {
            return pages.render("sign_in", ["title": "Sign in", "error": "Too many sign-in attempts from this address; wait a minute and try again."],
                                session: nil, status: .tooManyRequests)
        }
        struct Form: Decodable { var token: String? }
        let form = try await decodeForm(Form.self, request, context)
        let token = (form.token ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let snapshot = directory.current
        var appID: String??
        if snapshot.isAdminToken(token) {
            appID = .some(nil)
        } else if case .success(let app) = snapshot.app(forSecretKey: token) {
            appID = .some(app.id)
        }
        guard let appID else {
            return pages.render("sign_in", ["title": "Sign in", "error": "That is not a valid admin token or secret key."], session: nil, status: .unauthorized)
        }
        let sessionToken = DashboardSession.newToken()
        let now = Date.now, lifetime = sessionHours * 3600
        try await store.insert(session: DashboardSessionRecord(
            tokenHash: Identifiers.hash(sessionToken), appID: appID, createdAt: now, expiresAt: now.addingTimeInterval(TimeInterval(lifetime))
        ))
        var response = Response.redirect(to: "/")
        response.setCookie(DashboardSession.cookie(token: sessionToken, maxAge: lifetime, secure: Self.cameOverTLS(request)))
        return response
    }

    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        try await store.deleteSession(tokenHash: session.tokenHash)
        var response = Response.redirect(to: "/")
        response.setCookie(DashboardSession.cookie(token: "", maxAge: 0, secure: Self.cameOverTLS(request)))
        return response
    }

    // MARK: Apps

    @Sendable func newApp(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        guard session.isAdmin else { throw DashboardError.forbidden("Only the admin token creates apps.") }
        return pages.render("app_form", ["title": "New app", "heading": "New app", "action": "/apps", "form": ["domains": "", "pasteboard_token": false]],
                            session: session)
    }

    @Sendable func createApp(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        guard session.isAdmin else { throw DashboardError.forbidden("Only the admin token creates apps.") }
        let form = try await decodeForm(AppForm.self, request, context)
        try checkCSRF(form.csrf, session)
        do {
            let created = try await apps.create(try form.body())
            return try await appPage(id: created.id ?? "", session: session, request: request, secretKey: created.secretKey,
                                     notice: "App created. Copy its secret key now: it is not shown again.")
        } catch {
            let error = try Self.formError(error, context)
            return pages.render("app_form", ["title": "New app", "heading": "New app", "action": "/apps", "form": form.values(), "error": error.message],
                                session: session, status: error.status)
        }
    }

    @Sendable func showApp(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        return try await appPage(id: try context.parameters.require("id"), session: session, request: request)
    }

    @Sendable func editApp(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let app = try self.app(try context.parameters.require("id"), session)
        guard session.isAdmin else { throw DashboardError.forbidden("Only the admin token edits apps; a secret key manages the app's links.") }
        let body = AppInput.body(of: app, publishableKey: nil)
        return pages.render("app_form", ["title": "Edit \(app.name)", "heading": "Edit \(app.name)", "action": "/apps/\(app.id)", "form": AppForm.values(of: body)],
                            session: session)
    }

    @Sendable func updateApp(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let app = try self.app(try context.parameters.require("id"), session)
        guard session.isAdmin else { throw DashboardError.forbidden("Only the admin token edits apps.") }
        let form = try await decodeForm(AppForm.self, request, context)
        try checkCSRF(form.csrf, session)
        do {
            _ = try await apps.update(app, with: try form.body())
            return .redirect(to: "/apps/\(app.id)")
        } catch {
            let error = try Self.formError(error, context)
            return pages.render("app_form", ["title": "Edit \(app.name)", "heading": "Edit \(app.name)", "action": "/apps/\(app.id)", "form": form.values(),
                                             "error": error.message], session: session, status: error.status)
        }
    }

    private func appPage(id: String, session: DashboardSession, request: Request, secretKey: String? = nil, notice: String? = nil) async throws -> Response {
        let app = try self.app(id, session)
        let snapshot = directory.current
        let query = request.uri.queryParameters
        let text = (query["q"].map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        let cursor = query["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let pageSize = 25
        let found = text.isEmpty
            ? try await store.links(appID: app.id, before: cursor, limit: pageSize + 1)
            : try await store.links(appID: app.id, containing: String(text.prefix(200)), before: cursor, limit: pageSize + 1)
        let shown = found.prefix(pageSize).map { link -> [String: Any] in
            let body = links.shown(link, app)
            let campaign = [body.campaign?.channel, body.campaign?.campaign, body.campaign?.source].compactMap { $0 }.joined(separator: " · ")
            return ["id": link.id, "url": body.shortURL ?? body.longURL ?? link.id, "path": body.path ?? "", "value": body.deepLinkValue ?? "",
                    "campaign": campaign, "created": Timestamp.format(link.createdAt)]
        }
        let hosts = app.domains.compactMap { domain -> [String: Any]? in
            guard let host = snapshot.hosts[domain.host] else { return nil }
            let aasa = Data(host.associationFile.readableBytesView)
            let issues = AASAValidator().validate(aasa).map(\.description)
            return ["name": domain.host, "role": domain.role.rawValue, "aasa": Self.pretty(aasa), "assetlinks": Self.pretty(Data(host.assetLinks.readableBytesView)),
                    "issues": issues, "issues_count": issues.isEmpty ? false : issues.count]
        }
        var values: [String: Any] = [
            "title": app.name, "app": ["id": app.id, "name": app.name], "admin": session.isAdmin,
            "publishable_key": snapshot.publishableKeyOfApp[app.id] ?? "", "links": Array(shown), "query": text,
            "ios": app.ios.map { "\($0.teamID).\($0.bundleID)" + ($0.appStoreID.map { " · App Store \($0)" } ?? "") } ?? "not set",
            "android": app.android.map { $0.package } ?? "not set", "web": app.web.fallbackURL ?? "not set", "hosts": hosts,
            "entitlements": app.domains.map { "applinks:\($0.host)" }.joined(separator: "\n"),
            "intent_filter": Self.intentFilter(app),
        ]
        if !text.isEmpty { values["searched"] = text }
        if found.count > pageSize, let last = shown.last?["id"] as? String { values["next"] = last }
        if let secretKey { values["secret_key"] = secretKey }
        if let notice { values["notice"] = notice }
        return pages.render("app", values, session: session)
    }

    // MARK: Links

    @Sendable func newLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let app = try self.app(try context.parameters.require("id"), session)
        return pages.render("link_form", ["title": "New link", "heading": "New link for \(app.name)", "action": "/apps/\(app.id)/links", "form": [:] as [String: Any]],
                            session: session)
    }

    @Sendable func createLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let app = try self.app(try context.parameters.require("id"), session)
        let form = try await decodeForm(LinkForm.self, request, context)
        try checkCSRF(form.csrf, session)
        do {
            let (link, _) = try await links.create(try form.body(), app: app)
            return .redirect(to: "/links/\(link.id)")
        } catch {
            let error = try Self.formError(error, context)
            return pages.render("link_form", ["title": "New link", "heading": "New link for \(app.name)", "action": "/apps/\(app.id)/links",
                                              "form": form.values(), "error": error.message], session: session, status: error.status)
        }
    }

    @Sendable func showLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let (link, app) = try await self.link(try context.parameters.require("id"), session)
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
        let range = try Self.range(request)
        let counts = try await store.clickCounts(linkID: link.id, from: range.from, to: range.to)
        let events = try await store.eventCounts(linkID: link.id, from: range.from, to: range.to)
        values.merge(Self.numbers(counts, events: events, range: range, csv: "/links/\(link.id)/numbers.csv", groups: [])) { $1 }
        return pages.render("link", values, session: session)
    }

    @Sendable func editLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let (link, app) = try await self.link(try context.parameters.require("id"), session)
        return pages.render("link_form", ["title": "Edit link", "heading": "Edit link", "action": "/links/\(link.id)",
                                          "form": LinkForm.values(of: links.shown(link, app))], session: session)
    }

    @Sendable func updateLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let (link, app) = try await self.link(try context.parameters.require("id"), session)
        let form = try await decodeForm(LinkForm.self, request, context)
        try checkCSRF(form.csrf, session)
        do {
            _ = try await links.update(link, with: try form.body(), app: app, replacing: true)
            return .redirect(to: "/links/\(link.id)")
        } catch {
            let error = try Self.formError(error, context)
            return pages.render("link_form", ["title": "Edit link", "heading": "Edit link", "action": "/links/\(link.id)", "form": form.values(), "error": error.message],
                                session: session, status: error.status)
        }
    }

    @Sendable func deleteLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let (link, app) = try await self.link(try context.parameters.require("id"), session)
        struct Form: Decodable { var csrf: String? }
        try checkCSRF(try await decodeForm(Form.self, request, context).csrf, session)
        try await links.delete(link)
        return .redirect(to: "/apps/\(app.id)")
    }

    @Sendable func qrPNG(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await qr(request, context, format: "png")
    }

    @Sendable func qrSVG(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await qr(request, context, format: "svg")
    }

    private func qr(_ request: Request, _ context: AppRequestContext, format: String) async throws -> Response {
        let session = try await requireSession(request, context)
        let (link, app) = try await self.link(try context.parameters.require("id"), session)
        var query = request.uri.queryParameters
        query.append(key: "format", value: Substring(format))
        do {
            return try QRResponse.make(for: links.shown(link, app), query: query)
        } catch {
            let error = try Self.formError(error, context)
            throw DashboardError.badRequest(error.message)
        }
    }

    // MARK: Numbers

    @Sendable func appNumbers(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let app = try self.app(try context.parameters.require("id"), session)
        let range = try Self.range(request)
        let counts = try await store.clickCounts(appID: app.id, from: range.from, to: range.to)
        let events = try await store.eventCounts(appID: app.id, from: range.from, to: range.to)
        let groups = try await campaignGroups(counts)
        var values: [String: Any] = ["title": "Numbers of \(app.name)", "app_id": app.id, "app_name": app.name]
        values.merge(Self.numbers(counts.map(\.count), events: events, range: range, csv: "/apps/\(app.id)/numbers.csv", groups: groups)) { $1 }
        return pages.render("numbers", values, session: session)
    }

    @Sendable func appNumbersCSV(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let app = try self.app(try context.parameters.require("id"), session)
        let range = try Self.range(request)
        let counts = try await store.clickCounts(appID: app.id, from: range.from, to: range.to)
        let rows = counts.map { [$0.count.day, $0.linkID ?? "", $0.count.platform, $0.count.outcome, String($0.count.count)] }
        return Self.csv(header: ["day", "link_id", "platform", "outcome", "clicks"], rows: rows, name: "\(app.id)-clicks.csv")
    }

    @Sendable func linkNumbersCSV(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let (link, _) = try await self.link(try context.parameters.require("id"), session)
        let range = try Self.range(request)
        let counts = try await store.clickCounts(linkID: link.id, from: range.from, to: range.to)
        return Self.csv(header: ["day", "platform", "outcome", "clicks"], rows: counts.map { [$0.day, $0.platform, $0.outcome, String($0.count)] },
                        name: "\(link.id)-clicks.csv")
    }

    /// Clicks by channel, campaign and source of the links clicked (the 500 most clicked
    /// links are looked up; the rest count as "other links").
    private func campaignGroups(_ counts: [LinkClickCount]) async throws -> [[String: Any]] {
        var perLink: [String: Int] = [:]
        for count in counts { perLink[count.linkID ?? "", default: 0] += count.count.count }
        var channel: [String: Int] = [:], campaign: [String: Int] = [:], source: [String: Int] = [:]
        for (index, entry) in perLink.sorted(by: { $0.value > $1.value }).enumerated() {
            var values = ("other links", "other links", "other links")
            if entry.key.isEmpty {
                values = ("ad-hoc long links", "ad-hoc long links", "ad-hoc long links")
            } else if index < 500, let link = try await store.link(id: entry.key) {
                let fields = link.content.campaign
                values = (fields?.channel ?? "(none)", fields?.campaign ?? "(none)", fields?.source ?? "(none)")
            }
            channel[values.0, default: 0] += entry.value
            campaign[values.1, default: 0] += entry.value
            source[values.2, default: 0] += entry.value
        }
        return [("channel", channel), ("campaign", campaign), ("source", source)].map { name, table in
            ["name": name, "rows": Self.rows(table)]
        }
    }

    static func numbers(_ counts: [ClickCount], events: [String: Int], range: (from: String, to: String), csv: String,
                        groups: [[String: Any]]) -> [String: Any] {
        let report = LinkStatsReport(counts: counts, events: events)
        let query = "from=\(range.from)&to=\(range.to)"
        return [
            "from": range.from, "to": range.to, "csv_url": "\(csv)?\(query)", "clicks": report.clicks,
            "installs": report.installs, "opens": report.opens,
            "chart": ClickChart.svg(days: ClickChart.filled(report.byDay, from: range.from, to: range.to)),
            "platforms": rows(report.byPlatform), "outcomes": rows(report.byOutcome), "groups": groups,
        ]
    }

    private static func rows(_ table: [String: Int]) -> [[String: Any]] {
        LinkStatsReport.ranked(table).map { ["name": $0.name, "count": $0.count] }
    }

    /// `from`/`to` as days (the last 30 days by default), at most two years apart.
    static func range(_ request: Request) throws -> (from: String, to: String) {
        let query = request.uri.queryParameters
        let to = query["to"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? DayText.string(.now)
        let from = query["from"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? DayText.string(Date.now.addingTimeInterval(-29 * 86_400))
        guard let start = DayText.date(from), let end = DayText.date(to) else { throw DashboardError.badRequest("Dates look like 2026-11-23.") }
        guard start <= end, end.timeIntervalSince(start) <= 731 * 86_400 else {
            throw DashboardError.badRequest("'from' must be before 'to', at most two years apart.")
        }
        return (from, to)
    }

    static func csv(header: [String], rows: [[String]], name: String) -> Response {
        func field(_ text: String) -> String {
            // A leading = + - @ would be a formula in a spreadsheet.
            let safe = text.first.map { "=+-@".contains($0) } == true ? "'" + text : text
            return safe.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : safe
        }
        let text = ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        return Response(status: .ok, headers: [
            .contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
        ], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    // MARK: Debugger

    @Sendable func debug(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await requireSession(request, context)
        let text = (request.uri.queryParameters["url"].map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        return try await debugPage.render(text, session: session).response
    }

    @Sendable func notFound(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try await session(request)
        return pages.render("message", ["title": "Not found", "heading": "Not found", "text": "There is no dashboard page at this address."],
                            session: session, status: .notFound)
    }

    // MARK: Helpers

    private func session(_ request: Request) async throws -> DashboardSession? {
        try await DashboardSession.find(request, store: store, directory: directory)
    }

    private func requireSession(_ request: Request, _ context: AppRequestContext) async throws -> DashboardSession {
        guard let session = try await session(request) else { throw DashboardError.signedOut }
        return session
    }

    private func checkCSRF(_ csrf: String?, _ session: DashboardSession) throws {
        guard session.accepts(csrf) else { throw DashboardError.forbidden("The form expired or came from another site (CSRF check failed). Reload the page and try again.") }
    }

    private func app(_ id: String, _ session: DashboardSession) throws -> App {
        guard let app = directory.current.apps[id] else { throw DashboardError.notFound("No app has the id '\(id)'.") }
        guard session.isAdmin || session.appID == id else { throw DashboardError.forbidden("This secret key signs in to another app.") }
        return app
    }

    private func link(_ id: String, _ session: DashboardSession) async throws -> (Link, App) {
        guard let link = try await store.link(id: id) else { throw DashboardError.notFound("No link has the id '\(id)'.") }
        return (link, try app(link.appID, session))
    }

    private func decodeForm<Form: Decodable>(_ type: Form.Type, _ request: Request, _ context: AppRequestContext) async throws -> Form {
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: String(buffer: body))
        } catch {
            throw DashboardError.badRequest("The form could not be read.")
        }
    }

    /// What the API would answer for a refused form, shown on the form; failures that are
    /// not about the input (signed out, database away) go on to their own pages.
    static func formError(_ error: any Error, _ context: AppRequestContext) throws -> APIError {
        switch error {
        case let error as APIError: return error
        case is DashboardError, StoreError.unavailable: throw error
        case is StoreError: return ErrorMiddleware<AppRequestContext>.translate(error, logger: context.logger)
        default: throw error
        }
    }

    static func cameOverTLS(_ request: Request) -> Bool {
        request.uri.scheme?.rawValue == "https" || request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }

    static func pretty(_ data: Data) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: data),
              let text = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return String(decoding: data, as: UTF8.self)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The intent filter for App Links on every host, verified with the served assetlinks.json.
    static func intentFilter(_ app: App) -> String {
        let hosts = app.domains.map { "        <data android:host=\"\($0.host)\" />" }.joined(separator: "\n")
        return """
        <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" />
        \(hosts)
        </intent-filter>
        """
    }
}
