import Foundation
import HTTPTypes
import UnilinkAPI
import UnilinkCore

/// Turns a `LinkBody` into a link, checking every field: 400 for what `/openapi.json`
/// states (lengths, patterns, ranges), 422 for what it cannot (destinations browsers
/// refuse or the app does not allow, a link with nothing to open, a reserved alias).
enum LinkInput {
    static let maxValueLength = WireLimits.linkText

    static func create(_ body: LinkBody, app: App, id: String, code: String, now: Date) throws -> Link {
        var link = Link(id: id, appID: app.id, code: code, content: LinkContent(), createdAt: now, updatedAt: now)
        try apply(body, to: &link, app: app)
        guard link.content.opensSomething else {
            throw APIError.unprocessable("nothing_to_open", "a link needs 'path' or 'deep_link_value': something for the app to open")
        }
        return link
    }

    static func patch(_ link: Link, with body: LinkBody, app: App, now: Date) throws -> Link {
        var link = link
        link.updatedAt = now
        try apply(body, to: &link, app: app)
        return link
    }

    private static func apply(_ body: LinkBody, to link: inout Link, app: App) throws {
        var content = link.content
        if let path = body.path { content.path = try checked(path: path) }
        content.deepLinkValue = try text(body.deepLinkValue, "deep_link_value") ?? content.deepLinkValue
        for (index, value) in body.deepLinkSubs {
            content.deepLinkSubs[index] = try text(value, "deep_link_sub\(index)")
        }
        content.ref = try text(body.ref, "ref") ?? content.ref
        let policy = DestinationPolicy(app: app)
        content.webURL = try destination(body.webURL, "web_url", .web, policy) ?? content.webURL
        content.desktopURL = try destination(body.desktopURL, "desktop_url", .web, policy) ?? content.desktopURL
        content.iosURL = try destination(body.iosURL, "ios_url", .platform, policy) ?? content.iosURL
        content.androidURL = try destination(body.androidURL, "android_url", .platform, policy) ?? content.androidURL
        if let webOnly = body.webOnly { content.webOnly = webOnly }
        if let versions = body.minAppVersion { content.minAppVersion = try checked(versions) }
        if let social = body.social { content.social = try checked(social) }
        if let campaign = body.campaign { content.campaign = try checked(campaign) }
        if let data = body.data { content.data = try checked(data: data) }
        if let dynamic = body.dynamicLink { try apply(dynamicLink: dynamic, to: &content, app: app, policy: policy) }
        link.content = content
        if let alias = body.alias {
            if let problem = Alias.problem(with: alias) {
                throw Alias.isReserved(alias) ? APIError.unprocessable("alias_reserved", problem) : APIError(.badRequest, "invalid_alias", problem)
            }
            link.alias = alias
        }
        if let expires = body.expiresAt {
            guard let date = Timestamp.parse(expires) else {
                throw APIError.badRequest("'expires_at' must be an RFC 3339 time like 2027-01-01T00:00:00Z")
            }
            link.expiresAt = date
        }
        if let tags = body.tags {
            switch LinkTags.checked(tags) {
            case .success(let kept): link.tags = kept.isEmpty ? nil : kept
            case .failure(let problem): throw APIError.badRequest("'tags': \(problem)")
            }
        }
        if let archived = body.archived { link.archivedAt = archived ? link.archivedAt ?? link.updatedAt : nil }
        if body.rules != nil || body.variants != nil {
            let routing = try Self.routing(
                rules: body.rules ?? link.routing?.ruleBodies ?? [], variants: body.variants ?? link.routing?.variantBodies ?? [], policy: policy)
            link.routing = routing.isEmpty ? nil : routing
        }
        if let window = body.matchWindowSeconds {
            guard WireLimits.matchWindowSeconds.contains(window) else {
                throw APIError.badRequest("'match_window_seconds' must be between 60 and 604800")
            }
            link.matchWindowSeconds = window
        }
    }

    /// Rules and variants, checked: each names its index and field when refused, and every
    /// destination it gives passes the app's allow-list like the link's own.
    static func routing(rules: [RoutingRuleBody], variants: [LinkVariantBody], policy: DestinationPolicy, field: String = "rules") throws
        -> LinkRouting
    {
        let routing: LinkRouting
        do {
            routing = try LinkRouting(rules: rules, variants: variants, field: field)
        } catch {
            throw APIError.unprocessable("invalid_rule", "'\(error.field)': \(error.message)")
        }
        let overrides =
            routing.rules.enumerated().map { ("\(field)[\($0.offset)].destination", $0.element.destination) }
            + routing.variants.enumerated().map { ("variants[\($0.offset)].destination", $0.element.destination) }
        for (place, override) in overrides {
            for (name, url, kind) in override.urls { _ = try destination(url, "\(place).\(name)", kind, policy) }
            if let social = override.body.social { _ = try checked(social, field: "\(place).social") }
        }
        return routing
    }

    private static func checked(path: String) throws -> String {
        guard path.startsWithSlash, path.unicodeScalars.count <= maxValueLength,
            !path.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0 == "?" || $0 == "#" })
        else {
            throw APIError.badRequest("'path' must start with '/' and hold no spaces, '?' or '#'")
        }
        return path
    }

    private static func checked(_ versions: MinAppVersion) throws -> MinAppVersion {
        for (platform, version) in [("ios", versions.ios), ("android", versions.android)] {
            if let version, version.utf8.count > WireLimits.deviceText || AppVersion(version) == nil {
                throw APIError.badRequest("'min_app_version.\(platform)' must be a version like 5.2.0 or a version code like 520")
            }
        }
        return versions
    }

    private static func checked(_ social: Social, field: String = "social") throws -> Social {
        if let image = try text(social.imageURL, "\(field).image_url") {
            guard let url = LinkURL(image), url.scheme == "https" || url.scheme == "http", !url.host.isEmpty else {
                throw APIError.unprocessable("invalid_url", "'\(field).image_url' must be an absolute http(s) URL")
            }
        }
        return Social(
            title: try text(social.title, "\(field).title"),
            description: try text(social.description, "\(field).description"),
            imageURL: social.imageURL
        )
    }

    private static func checked(_ campaign: Campaign) throws -> Campaign {
        Campaign(
            channel: try text(campaign.channel, "campaign.channel"), campaign: try text(campaign.campaign, "campaign.campaign"),
            feature: try text(campaign.feature, "campaign.feature"), source: try text(campaign.source, "campaign.source"),
            medium: try text(campaign.medium, "campaign.medium")
        )
    }

    private static func checked(data: [String: String]) throws -> [String: String] {
        guard data.count <= WireLimits.dataKeys else { throw APIError.badRequest("'data' has more than \(WireLimits.dataKeys) keys") }
        for (key, value) in data where !WireLimits.dataKeyLength.contains(key.unicodeScalars.count) || value.unicodeScalars.count > maxValueLength {
            throw APIError.badRequest("'data' key '\(key.prefix(40))' must be 1 to 128 characters with a value up to \(maxValueLength)")
        }
        return data
    }

    /// An FDL long link's query: its destinations checked against the allow-list like any
    /// other, the rest read as link parameters.
    private static func apply(dynamicLink dynamic: String, to content: inout LinkContent, app: App, policy: DestinationPolicy) throws {
        guard dynamic.unicodeScalars.count <= WireLimits.dynamicLink else {
            throw APIError.badRequest("'dynamic_link' is longer than \(WireLimits.dynamicLink) characters")
        }
        let query = dynamic.contains("://") ? LinkURL(dynamic)?.query ?? "" : dynamic.hasPrefix("?") ? String(dynamic.dropFirst()) : dynamic
        let items = URLText.queryItems(Substring(query))
        guard let dynamicLink = FirebaseDynamicLink(items: items) else {
            throw APIError.unprocessable("invalid_dynamic_link", "'dynamic_link' must be a Firebase Dynamic Link with a 'link' parameter")
        }
        let checked: FirebaseDynamicLink
        switch dynamicLink.checked(policy: policy, appHosts: Set(app.domains.map(\.host))) {
        case .success(let value): checked = value
        case .failure(let refusal): throw APIError.unprocessable(refusal.code, "dynamic_link: \(refusal)")
        }
        content.dynamicLinkQuery = checked.replacingDestinations(in: items).map {
            "\(URLText.queryValue($0.name))=\(URLText.queryValue($0.value))"
        }.joined(separator: "&")
        LinkParameters.apply(items.filter { !FirebaseDynamicLink.keys.contains($0.name) }, to: &content)
        if content.deepLinkValue == nil { content.deepLinkValue = checked.link }
        if content.path == nil { content.path = "/" }
    }

    private static func text(_ value: String?, _ field: String) throws -> String? {
        guard let value else { return nil }
        guard value.unicodeScalars.count <= maxValueLength else {
            throw APIError.badRequest("'\(field)' is longer than \(maxValueLength) characters")
        }
        return value
    }

    private static func destination(_ value: String?, _ field: String, _ kind: DestinationPolicy.Kind, _ policy: DestinationPolicy) throws -> String?
    {
        guard let value else { return nil }
        guard value.unicodeScalars.count <= maxValueLength else {
            throw APIError.badRequest("'\(field)' is longer than \(maxValueLength) characters")
        }
        switch policy.check(value, kind: kind) {
        case .success(let href): return href
        case .failure(let refusal): throw APIError.unprocessable(refusal.code, "'\(field)': \(refusal)")
        }
    }

    static func body(of link: Link, app: App, addressing: HostAddressing) -> LinkBody {
        let content = link.content
        var body = LinkBody(path: content.path, deepLinkValue: content.deepLinkValue, deepLinkSubs: content.deepLinkSubs, alias: link.alias)
        body.id = link.id
        body.code = link.code
        body.shortURL = app.host(for: .short).map { addressing.url(host: $0, path: "/" + (link.alias ?? link.code), query: nil) }
        body.longURL = app.host(for: .primary).map {
            ResolvedLink(app: app, link: link, content: content, host: $0, role: .primary).url(on: $0, addressing: addressing)
        }
        body.ref = content.ref
        body.webURL = content.webURL
        body.iosURL = content.iosURL
        body.androidURL = content.androidURL
        body.desktopURL = content.desktopURL
        body.webOnly = content.webOnly
        body.minAppVersion = content.minAppVersion
        body.social = content.social
        body.campaign = content.campaign
        body.data = content.data.isEmpty ? nil : content.data
        body.expiresAt = link.expiresAt.map(Timestamp.format)
        body.matchWindowSeconds = link.matchWindowSeconds
        body.dynamicLink = content.dynamicLinkQuery
        body.tags = link.tags ?? []
        body.archived = link.archivedAt != nil
        body.rules = link.routing?.ruleBodies ?? []
        body.variants = link.routing?.variantBodies ?? []
        body.state = link.state(at: .now).rawValue
        body.createdAt = Timestamp.format(link.createdAt)
        body.updatedAt = Timestamp.format(link.updatedAt)
        return body
    }
}
