/// The query vocabulary of long links (DOMAIN.md section 7, OneLink and UTM spellings).
public enum LinkParameters {
    /// Names the stored link a long URL stands for (`?ul_code=Ab3xK9p`).
    public static let codeKey = "ul_code"
    /// Carries a preview page's click id to the alternate host, so the store redirect
    /// continues the same click.
    public static let clickKey = "ul_click"
    /// A server-signed marker the sender adds for people known to have the app.
    public static let installedKey = "ul_installed"

    /// Applies a long link's query on top of `content`: known keys override the stored
    /// values, anything else is an ad-hoc parameter kept in `data`.
    public static func apply(_ items: [(name: String, value: String)], to content: inout LinkContent) {
        var campaign = content.campaign ?? .init()
        for (name, value) in items {
            switch name {
            case codeKey, clickKey, installedKey: continue
            case "deep_link_value": content.deepLinkValue = value
            case "ref": content.ref = value
            case "channel", "~channel": campaign.channel = value
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

    /// `deep_link_sub1` ... `deep_link_sub10` -> 1 ... 10.
    public static func subIndex(_ name: String) -> Int? {
        guard name.hasPrefix("deep_link_sub"), let index = Int(name.dropFirst("deep_link_sub".count)),
              (1...LinkContent.subCount).contains(index) else { return nil }
        return index
    }

    /// The query of a long URL for a stored link: the content address first (so an app can
    /// decode it before asking the server), then the reference and the code.
    public static func longQuery(for content: LinkContent, code: String?) -> String {
        var pairs: [(String, String)] = []
        if let value = content.deepLinkValue { pairs.append(("deep_link_value", value)) }
        for index in 1...LinkContent.subCount {
            if let sub = content.deepLinkSubs[index] { pairs.append(("deep_link_sub\(index)", sub)) }
        }
        if let ref = content.ref { pairs.append(("ref", ref)) }
        if let code { pairs.append((codeKey, code)) }
        return pairs.map { "\($0)=\(URLText.queryValue($1))" }.joined(separator: "&")
    }
}
