import Foundation
import Hummingbird
import NIOCore
import UnilinkCore
import UnilinkStorage

/// `POST /v1/shortLinks?key=<publishable key>`: Firebase Dynamic Links' REST shape, so a
/// backend that created FDL short links changes one base URL. The same input gives the
/// same short link; the short link routes as the FDL long link did.
struct FirebaseShortLinksController {
    let store: any LinkStore
    let directory: HostDirectory
    let links: LinkService
    let port: BoundPort
    let installedMarker: InstalledMarker

    /// `group` is `/v1/shortLinks` with the API's rate limit; the key is in the query, as FDL had it.
    func register(on group: RouterGroup<AppRequestContext>) {
        group.post(use: create)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        do {
            return try await answer(request, context)
        } catch let error as FirebaseError {
            return try HTTPBody.json(error.body, status: error.status)
        }
    }

    private func answer(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        guard let key = request.uri.queryParameters["key"].map(String.init), case .success(let app) = directory.current.app(forPublishableKey: key)
        else {
            throw FirebaseError.permissionDenied("API key not valid. Pass the app's publishable key as ?key=")
        }
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        let body: FirebaseShortLinkRequest
        do {
            body = try JSONDecoder().decode(FirebaseShortLinkRequest.self, from: Data(buffer.readableBytesView))
        } catch {
            throw FirebaseError.invalid(
                "the body is not a shortLinks request: \(error is DecodingError ? DecodingProblem.describe(error as! DecodingError) : "\(error)")")
        }
        let (host, given) = try body.longLink()
        guard let domain = app.domains.first(where: { $0.host == host }) else {
            throw FirebaseError.invalid("domainUriPrefix host '\(host)' is not one of this app's hosts")
        }
        guard domain.role == .short else {
            throw FirebaseError.invalid("domainUriPrefix host '\(host)' is the app's \(domain.role.rawValue) host; short links live on a short host")
        }
        guard let dynamicLink = FirebaseDynamicLink(items: given) else { throw FirebaseError.invalid("the dynamic link has no 'link' parameter") }
        let appHosts = Set(app.domains.map(\.host))
        let checked: FirebaseDynamicLink
        switch dynamicLink.checked(policy: DestinationPolicy(app: app), appHosts: appHosts) {
        case .success(let value): checked = value
        case .failure(let refusal): throw FirebaseError.invalid(refusal.description)
        }
        let query = checked.replacingDestinations(in: given)
        let option = body.suffix?.option ?? "UNGUESSABLE"
        guard option == "SHORT" || option == "UNGUESSABLE" else { throw FirebaseError.invalid("suffix.option must be SHORT or UNGUESSABLE") }

        let canonical = query.map { "\(URLText.queryValue($0.name))=\(URLText.queryValue($0.value))" }.joined(separator: "&")
        var content = LinkContent(path: "/")
        LinkParameters.apply(query.filter { !FirebaseDynamicLink.keys.contains($0.name) }, to: &content)
        content.deepLinkValue = content.deepLinkValue ?? checked.link
        content.dynamicLinkQuery = canonical
        let link = try await storeOnce(
            content, app: app, host: host, option: option,
            by: ChangeAuthor(actor: AuditActor(.publishableKey, id: app.id), address: context.auditAddress))
        let shortLink = port.addressing.url(host: host, path: "/" + (link.alias ?? link.code), query: "")
        var warnings = dynamicLink.warnings(for: app).map { FirebaseShortLink.Warning(warningMessage: $0) }
        let unknown = query.map(\.name).filter { !FirebaseDynamicLink.keys.contains($0) && !$0.hasPrefix("utm_") && $0 != "gclid" }
        for name in Set(unknown).sorted() {
            warnings.append(.init(warningMessage: "'\(name)' is not an FDL parameter; it reaches the app as data"))
        }
        return try HTTPBody.json(FirebaseShortLink(shortLink: shortLink, previewLink: shortLink + "?d=1", warning: warnings))
    }

    /// The suffix is a keyed digest of the app and the long link: SHORT takes the shortest
    /// free prefix of it (4 characters up), UNGUESSABLE 17 characters. A suffix already
    /// holding this same long link is the answer; one holding another grows by a character.
    private func storeOnce(_ content: LinkContent, app: App, host: String, option: String, by author: ChangeAuthor) async throws -> Link {
        let digest = installedMarker.digest("fdl-suffix", "\(app.id)\u{0}\(option)\u{0}\(content.dynamicLinkQuery ?? "")")
        let letters = digest.map { Identifiers.base62[Int($0) % Identifiers.base62.count] }
        let lengths = option == "SHORT" ? Array(4...16) : [17]
        for length in lengths {
            let alias = String(decoding: letters.prefix(length), as: UTF8.self)
            if let existing = try await store.link(appID: app.id, alias: alias) {
                if existing.content.dynamicLinkQuery == content.dynamicLinkQuery { return existing }
                continue
            }
            let now = Date.now
            var link = Link(
                id: Identifiers.linkID(at: now), appID: app.id, code: ShortCode.make(), alias: alias, content: content, createdAt: now, updatedAt: now
            )
            link.content = content
            do {
                return try await links.insert([link], app: app, by: author)[0]
            } catch StoreError.aliasTaken {
                // Another instance stored the same suffix a moment ago: look again.
                if let raced = try await store.link(appID: app.id, alias: alias), raced.content.dynamicLinkQuery == content.dynamicLinkQuery {
                    return raced
                }
            }
        }
        throw FirebaseError.invalid("no free suffix for this link; retry")
    }
}
