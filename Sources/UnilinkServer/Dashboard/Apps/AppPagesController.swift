import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// An app's pages: its links (searched, a page at a time), its hosts with the files they
/// serve, and the form that creates or edits it (the admin's alone).
struct AppPagesController {
    let store: any LinkStore
    let directory: HostDirectory
    let apps: AppService
    let links: LinkService
    let pages: DashboardPages

    func register(on group: RouterGroup<SignedInContext>) {
        group.get("/apps/new", use: newApp)
        group.post("/apps", use: createApp)
        group.get("/apps/{id}", use: showApp)
        group.get("/apps/{id}/edit", use: editApp)
        group.post("/apps/{id}", use: updateApp)
    }

    @Sendable func newApp(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        guard session.isAdmin else { throw DashboardError.forbidden("Only the admin token creates apps.") }
        return pages.render("app_form", ["title": "New app", "heading": "New app", "action": "/apps", "form": ["domains": "", "pasteboard_token": false]],
                            session: session)
    }

    @Sendable func createApp(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        guard session.isAdmin else { throw DashboardError.forbidden("Only the admin token creates apps.") }
        let form = try await DashboardForm.decode(AppForm.self, request, context)
        try session.checkCSRF(form.csrf)
        do {
            let created = try await apps.create(try form.body())
            return try await appPage(id: created.id ?? "", session: session, request: request, secretKey: created.secretKey,
                                     notice: "App created. Copy its secret key now: it is not shown again.")
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            return pages.render("app_form", ["title": "New app", "heading": "New app", "action": "/apps", "form": form.values(), "error": error.message],
                                session: session, status: error.status)
        }
    }

    @Sendable func showApp(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        return try await appPage(id: try context.parameters.require("id"), session: session, request: request)
    }

    @Sendable func editApp(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let app = try session.app(try context.parameters.require("id"), in: directory)
        guard session.isAdmin else { throw DashboardError.forbidden("Only the admin token edits apps; a secret key manages the app's links.") }
        let body = AppInput.body(of: app, publishableKey: nil)
        return pages.render("app_form", ["title": "Edit \(app.name)", "heading": "Edit \(app.name)", "action": "/apps/\(app.id)", "form": AppForm.values(of: body)],
                            session: session)
    }

    @Sendable func updateApp(_ request: Request, context: SignedInContext) async throws -> Response {
        let session = context.session
        let app = try session.app(try context.parameters.require("id"), in: directory)
        guard session.isAdmin else { throw DashboardError.forbidden("Only the admin token edits apps.") }
        let form = try await DashboardForm.decode(AppForm.self, request, context)
        try session.checkCSRF(form.csrf)
        do {
            _ = try await apps.update(app, with: try form.body())
            return .redirect(to: "/apps/\(app.id)")
        } catch {
            let error = try DashboardForm.refusal(error, logger: context.logger)
            return pages.render("app_form", ["title": "Edit \(app.name)", "heading": "Edit \(app.name)", "action": "/apps/\(app.id)", "form": form.values(),
                                             "error": error.message], session: session, status: error.status)
        }
    }

    private func appPage(id: String, session: DashboardSession, request: Request, secretKey: String? = nil, notice: String? = nil) async throws -> Response {
        let app = try session.app(id, in: directory)
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
