import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore

/// `/v1/sdk/*`: calls from the app, with its publishable key.
struct SDKController {
    let directory: HostDirectory
    let links: LinkCache
    let port: BoundPort
    let maxURLBytes: Int

    /// `group` is `/v1/sdk`, behind an app's publishable key.
    func register(on group: RouterGroup<SDKContext>) {
        group.post(RouterPath(APIPath.relative(APIPath.sdkResolve, to: APIPath.sdk)), use: resolve)
    }

    /// The app was opened by a URL (universal link, short link or scheme): what it points to.
    @Sendable func resolve(_ request: Request, context: SDKContext) async throws -> Response {
        let app = context.app
        let body = try await request.decode(as: ResolveRequest.self, context: context)
        guard body.url.unicodeScalars.count <= WireLimits.openedURL else {
            throw APIError.badRequest("'url' is longer than \(WireLimits.openedURL) characters")
        }
        guard let url = LinkURL(body.url) else { throw APIError.unprocessable("invalid_url", "'url' is not an absolute URL") }
        let os: UserAgent.OS = body.os == .android ? .android : .ios
        if let version = body.appVersion, version.utf8.count > WireLimits.deviceText || AppVersion(version) == nil {
            throw APIError.badRequest("'app_version' must be a version like 5.2.0 or a version code like 520")
        }
        guard let link = try await resolve(url, app: app), !(link.link?.isExpired(at: .now) ?? false) else {
            return try HTTPBody.json(DeepLinkResultBody(status: .notFound, deepLink: nil))
        }
        var deepLink = Self.deepLink(link, addressing: port.addressing)
        if let update = UpdateRequirement(link, os: os, appVersion: body.appVersion) {
            deepLink.minAppVersion = update.minimum
            deepLink.requiresUpdate = update.requiresUpdate
            deepLink.storeURL = update.storeURL
            deepLink.fallbackURL = update.fallbackURL
        }
        return try HTTPBody.json(DeepLinkResultBody(status: .found, deepLink: deepLink))
    }

    private func resolve(_ url: LinkURL, app: App) async throws -> ResolvedLink? {
        let resolver = LinkResolver(cache: links)
        if url.scheme == "https" || url.scheme == "http" {
            let name = url.host.lowercased()
            guard let host = directory.host(name), host.app.id == app.id else { return nil }
            return try await resolver.resolve(host: host, name: name, path: url.path.isEmpty ? "/" : url.path, query: url.query)
        }
        // A scheme URL (`shop://u/42?ref=x`): its host and path together are the content path.
        guard [app.ios?.scheme, app.android?.scheme].contains(url.scheme), let primary = app.host(for: .primary) ?? app.domains.first?.host,
            let host = directory.host(primary)
        else { return nil }
        let path = "/" + ([url.host] + [String(url.path.drop(while: { $0 == "/" }))]).filter { !$0.isEmpty }.joined(separator: "/")
        var resolved = try await resolver.resolve(host: host, name: primary, path: path, query: url.query)
        if resolved == nil {
            var content = LinkContent(path: path)
            LinkParameters.apply(url.query.map { URLText.queryItems(Substring($0)) } ?? [], to: &content)
            resolved = ResolvedLink(app: app, link: nil, content: content, host: primary, role: .primary)
        }
        return resolved
    }

    /// An opened link's full content: the app already has the link, so nothing is withheld.
    static func deepLink(_ link: ResolvedLink, addressing: HostAddressing) -> DeepLinkResultBody.DeepLink {
        let content = link.content
        var event = content.data
        event["ref"] = content.ref
        if let campaign = content.campaign {
            event["channel"] = campaign.channel
            event["campaign"] = campaign.campaign
            event["feature"] = campaign.feature
            event["source"] = campaign.source
            event["medium"] = campaign.medium
        }
        if let link = link.link {
            event["link_id"] = link.id
            event["code"] = link.code
        }
        let host = link.app.host(for: .primary) ?? link.host
        return DeepLinkResultBody.DeepLink(
            url: link.url(on: host, addressing: addressing), path: link.path, deepLinkValue: content.deepLinkValue,
            deepLinkSubs: content.deepLinkSubs, isDeferred: false, matchType: nil, confidence: nil, clickID: nil, clickEvent: event
        )
    }
}
