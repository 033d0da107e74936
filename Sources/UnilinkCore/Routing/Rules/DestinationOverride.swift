public import UnilinkAPI

/// What a rule or a variant puts in place of the link's own destinations and preview texts
/// (`DestinationOverrideBody`, checked against the app's allow-list when it was set and
/// again at every click like the link's own).
public struct DestinationOverride: Sendable, Equatable {
    public var body: DestinationOverrideBody

    public init(_ body: DestinationOverrideBody) {
        self.body = body
    }

    public var isEmpty: Bool { body == DestinationOverrideBody() }

    /// The link's content as this visitor gets it.
    public func apply(to content: inout LinkContent) {
        if let url = body.webURL { content.webURL = url }
        if let url = body.desktopURL { content.desktopURL = url }
        if let url = body.iosURL { content.iosURL = url }
        if let url = body.androidURL { content.androidURL = url }
        if let webOnly = body.webOnly { content.webOnly = webOnly }
        if let social = body.social {
            var merged = content.social ?? Social()
            if let title = social.title { merged.title = title }
            if let description = social.description { merged.description = description }
            if let image = social.imageURL { merged.imageURL = image }
            content.social = merged
        }
    }

    /// Each URL it sets with its field name, for checking against the allow-list.
    public var urls: [(field: String, url: String, kind: DestinationPolicy.Kind)] {
        [
            ("web_url", body.webURL, DestinationPolicy.Kind.web), ("desktop_url", body.desktopURL, .web), ("ios_url", body.iosURL, .platform),
            ("android_url", body.androidURL, .platform),
        ].compactMap { field, url, kind in url.map { (field, $0, kind) } }
    }
}
