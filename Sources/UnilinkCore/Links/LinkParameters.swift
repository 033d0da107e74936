import UnilinkAPI

/// The query vocabulary of long links (DOMAIN.md section 7, OneLink and UTM spellings).
public enum LinkParameters {
    /// Names the stored link a long URL stands for (`?ul_code=Ab3xK9p`).
    public static let codeKey = LinkParameterKey.code
    /// Carries a preview page's click id to the alternate host, so the store redirect
    /// continues the same click.
    public static let clickKey = LinkParameterKey.click
    /// A server-signed marker the sender adds for people known to have the app.
    public static let installedKey = LinkParameterKey.installed
    /// The link was handed out of an in-app browser already (`InAppBrowser.Escape`).
    public static let escapedKey = LinkParameterKey.escaped
    /// A touch screen behind Safari's Mac string: an iPad (`ClickDecision.touchCheck`).
    public static let touchKey = LinkParameterKey.touch

    /// Applies a long link's query on top of `content`: known keys override the stored
    /// values, anything else is an ad-hoc parameter kept in `data`.
    public static func apply(_ items: [(name: String, value: String)], to content: inout LinkContent) {
        var campaign = content.campaign ?? .init()
        for (name, value) in items {
            switch name {
            case codeKey, clickKey, installedKey, escapedKey, touchKey, LinkParameterKey.variant, LinkParameterKey.rule: continue
            case LinkParameterKey.lineExternalBrowser: continue
            case LinkParameterKey.deepLinkValue: content.deepLinkValue = value
            case "ref": content.ref = value
            case "channel", "~channel", "af_channel": campaign.channel = value
            // Branch's and OneLink's destinations; the allow-list is applied when routing.
            case "$fallback_url": content.webURL = value
            case "$desktop_url", "af_web_dp": content.desktopURL = value
            case "$ios_url", "af_ios_url": content.iosURL = value
            case "$android_url", "af_android_url": content.androidURL = value
            case "$deeplink_path": content.path = value.startsWithSlash ? value : "/" + value
            case "$web_only": content.webOnly = value == "true" || value == "1"
            case "$og_title": content.social = Self.social(content.social) { $0.title = value }
            case "$og_description": content.social = Self.social(content.social) { $0.description = value }
            case "$og_image_url": content.social = Self.social(content.social) { $0.imageURL = value }
            case "af_force_deeplink", "$match_duration": continue
            case "campaign", "utm_campaign", "c", "~campaign": campaign.campaign = value
            case "feature", "~feature": campaign.feature = value
            case "source", "utm_source", "pid": campaign.source = value
            case "medium", "utm_medium": campaign.medium = value
            default:
                if let index = subIndex(name) {
                    content.deepLinkSubs[index] = value
                } else if !name.isEmpty {
                    content.data[name] = value
                }
            }
        }
        content.campaign = campaign.isEmpty ? nil : campaign
    }

    /// Parameters other systems honoured that a long link here ignores, with the reason the
    /// debugger shows.
    public static func ignored(_ items: [(name: String, value: String)]) -> [(name: String, reason: String)] {
        items.compactMap { name, _ in
            switch name {
            case "af_force_deeplink":
                (
                    "af_force_deeplink",
                    "ignored: Unilink opens the app through universal links, App Links and Chrome intents, never by forcing a scheme"
                )
            case "af_dp":
                ("af_dp", "not used to route: the app opens through universal links or App Links; the value reaches the app as data")
            case "$match_duration":
                ("$match_duration", "ignored on a long link: set match_window_seconds on the link or the app")
            default: nil
            }
        }
    }

    private static func social(_ social: LinkContent.Social?, _ change: (inout LinkContent.Social) -> Void) -> LinkContent.Social {
        var social = social ?? .init()
        change(&social)
        return social
    }

    /// `deep_link_sub1` ... `deep_link_sub10` -> 1 ... 10.
    public static func subIndex(_ name: String) -> Int? {
        LinkParameterKey.deepLinkSubIndex(name)
    }

    /// The query of a long URL for a stored link: the content address first (so an app can
    /// decode it before asking the server), then the reference and the code.
    public static func longQuery(for content: LinkContent, code: String?) -> String {
        var pairs: [(String, String)] = []
        if let value = content.deepLinkValue { pairs.append((LinkParameterKey.deepLinkValue, value)) }
        for index in 1...LinkContent.subCount {
            if let sub = content.deepLinkSubs[index] { pairs.append((LinkParameterKey.deepLinkSub(index), sub)) }
        }
        if let ref = content.ref { pairs.append(("ref", ref)) }
        if let code { pairs.append((codeKey, code)) }
        return pairs.map { "\($0)=\(URLText.queryValue($1))" }.joined(separator: "&")
    }
}
