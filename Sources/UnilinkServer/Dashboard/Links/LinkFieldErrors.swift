/// A refused link form's message at the field it is about.
struct LinkFieldErrors: FieldErrors {
    var path: String?
    var alias: String?
    var deepLinkValue: String?
    var tags: String?
    var data: String?
    var subs: String?
    var webURL: String?
    var iosURL: String?
    var androidURL: String?
    var desktopURL: String?
    var socialTitle: String?
    var socialDescription: String?
    var socialImageURL: String?
    var channel: String?
    var campaign: String?
    var feature: String?
    var source: String?
    var medium: String?
    var expiresAt: String?
    var minIOS: String?
    var minAndroid: String?
    var matchWindowSeconds: String?
    var rules: String?
    var variants: String?

    static let fields: Set<String> = [
        "path", "alias", "deep_link_value", "tags", "data", "subs", "web_url", "ios_url", "android_url", "desktop_url", "social_title",
        "social_description", "social_image_url", "channel", "campaign", "feature", "source", "medium", "expires_at", "min_ios", "min_android",
        "match_window_seconds", "rules", "variants",
    ]
    static let aliases: [String: String] = [
        "min_app_version.ios": "min_ios",
        "min_app_version.android": "min_android",
        "social.title": "social_title",
        "social.description": "social_description",
        "social.image_url": "social_image_url",
        "campaign.channel": "channel",
        "campaign.campaign": "campaign",
        "campaign.feature": "feature",
        "campaign.source": "source",
        "campaign.medium": "medium",
        "deep_link_sub": "subs",
        "each data line": "data",
        "each deep_link_sub line": "subs",
        "a link needs": "path",
        "data": "data",
        "rules": "rules",
        "variants": "variants",
    ]

    init() {}

    mutating func set(_ field: String, _ message: String) {
        switch field {
        case "path": path = message
        case "alias": alias = message
        case "deep_link_value": deepLinkValue = message
        case "tags": tags = message
        case "data": data = message
        case "subs": subs = message
        case "web_url": webURL = message
        case "ios_url": iosURL = message
        case "android_url": androidURL = message
        case "desktop_url": desktopURL = message
        case "social_title": socialTitle = message
        case "social_description": socialDescription = message
        case "social_image_url": socialImageURL = message
        case "channel": channel = message
        case "campaign": campaign = message
        case "feature": feature = message
        case "source": source = message
        case "medium": medium = message
        case "expires_at": expiresAt = message
        case "min_ios": minIOS = message
        case "min_android": minAndroid = message
        case "match_window_seconds": matchWindowSeconds = message
        case "rules": rules = message
        case "variants": variants = message
        default: break
        }
    }
}
