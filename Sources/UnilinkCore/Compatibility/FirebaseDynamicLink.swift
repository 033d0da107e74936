import UnilinkAPI

/// A Firebase Dynamic Links long link's parameters (DOMAIN.md section 10): present when
/// the query has `link`. Unilink answers FDL's grammar on an app's own hosts so links
/// printed before Firebase shut down keep working.
public struct FirebaseDynamicLink: Sendable, Equatable {
    /// The FDL keys, in the order FDL documented them; anything else stays an ordinary
    /// long-link parameter (`utm_*`, `deep_link_value`, ...).
    public static let keys: Set<String> = [
        "link", "apn", "afl", "amv", "ibi", "ifl", "ius", "ipfl", "ipbi", "isi", "imv", "efr", "ofl", "st", "sd", "si", "at", "ct", "pt", "mt",
    ]

    /// The deep link the app receives; `nil` when absent or empty.
    public var link: String?
    public var androidPackage: String?
    public var androidFallback: String?
    public var androidMinimumVersion: String?
    public var iosBundleID: String?
    public var iosFallback: String?
    public var iosCustomScheme: String?
    public var iPadFallback: String?
    public var iPadBundleID: String?
    public var appStoreID: String?
    public var iosMinimumVersion: String?
    /// `efr=1`: skip the preview page on iOS.
    public var forcedRedirect = false
    public var desktopFallback: String?
    public var socialTitle: String?
    public var socialDescription: String?
    public var socialImage: String?
    /// App Store analytics (`at`, `ct`, `pt`, `mt`): kept as data, never sent on.
    public var storeAnalytics: [String: String] = [:]
    /// The FDL items as they came, re-emitted on the app's other hosts.
    public var items: [(name: String, value: String)] = []

    public init?(items query: [(name: String, value: String)]) {
        guard query.contains(where: { $0.name == "link" }) else { return nil }
        for (name, value) in query where Self.keys.contains(name) {
            items.append((name, value))
            let text: String? = value.isEmpty ? nil : value
            switch name {
            case "link": link = text.map(Self.decodedTwice)
            case "apn": androidPackage = text
            case "afl": androidFallback = text.map(Self.decodedTwice)
            case "amv": androidMinimumVersion = text
            case "ibi": iosBundleID = text
            case "ifl": iosFallback = text.map(Self.decodedTwice)
            case "ius": iosCustomScheme = text
            case "ipfl": iPadFallback = text.map(Self.decodedTwice)
            case "ipbi": iPadBundleID = text
            case "isi": appStoreID = text
            case "imv": iosMinimumVersion = text
            case "efr": forcedRedirect = value == "1" || value.lowercased() == "true"
            case "ofl": desktopFallback = text.map(Self.decodedTwice)
            case "st": socialTitle = text
            case "sd": socialDescription = text
            case "si": socialImage = text.map(Self.decodedTwice)
            default: if let text { storeAnalytics[name] = text }
            }
        }
    }

    public static func == (left: Self, right: Self) -> Bool {
        left.items.map { "\($0.name)=\($0.value)" } == right.items.map { "\($0.name)=\($0.value)" }
    }

    /// Links pasted into FDL builders were often encoded twice (`https%253A%252F%252F...`
    /// arrives as `https%3A%2F%2F...`): decode once more when that yields a URL.
    static func decodedTwice(_ value: String) -> String {
        guard !value.contains("://"), value.lowercased().hasPrefix("http"), value.contains("%3A") || value.contains("%3a") else { return value }
        let again = URLText.decode(Substring(value))
        return again.contains("://") ? again : value
    }

    /// Why a dynamic link cannot be followed.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case missingLink
        case nestedDynamicLink
        /// `parameter` (`link`, `afl`, `ifl`, `ipfl`, `ofl`) is refused by the allow-list or the URL parser.
        case destination(parameter: String, DestinationPolicy.Refusal)

        /// The API's error code.
        public var code: String {
            switch self {
            case .missingLink, .nestedDynamicLink: "invalid_dynamic_link"
            case .destination(_, let refusal): refusal.code
            }
        }

        public var description: String {
            switch self {
            case .missingLink: "the dynamic link has no 'link' parameter (the deep link to open)"
            case .nestedDynamicLink: "'link' is itself a dynamic link; point it at the content instead"
            case .destination(let parameter, let refusal): "\(parameter): \(refusal)"
            }
        }
    }

    /// The link with every destination as the browser will follow it (its items too), or
    /// why it cannot be followed: `link` must be there, must not be another dynamic link,
    /// and every destination must pass the app's allow-list (FDL had an allow-list too).
    /// A refused link gets an error page, never a redirect.
    public func checked(policy: DestinationPolicy, appHosts: Set<String>) -> Result<FirebaseDynamicLink, Refusal> {
        guard let link else { return .failure(.missingLink) }
        var checked = self
        switch policy.check(link, kind: .web) {
        case .success(let href): checked.link = href
        case .failure(let refusal): return .failure(.destination(parameter: "link", refusal))
        }
        if let url = LinkURL(checked.link ?? link), appHosts.contains(url.host.lowercased()) || url.host.lowercased().hasSuffix(".page.link"),
            URLText.queryItems(Substring(url.query ?? "")).contains(where: { $0.name == "link" })
        {
            return .failure(.nestedDynamicLink)
        }
        let fallbacks: [(String, WritableKeyPath<FirebaseDynamicLink, String?>, DestinationPolicy.Kind)] = [
            ("afl", \.androidFallback, .platform), ("ifl", \.iosFallback, .platform), ("ipfl", \.iPadFallback, .platform),
            ("ofl", \.desktopFallback, .web),
        ]
        for (name, keyPath, kind) in fallbacks {
            guard let url = self[keyPath: keyPath] else { continue }
            switch policy.check(url, kind: kind) {
            case .success(let href): checked[keyPath: keyPath] = href
            case .failure(let refusal): return .failure(.destination(parameter: name, refusal))
            }
        }
        checked.items = checked.replacingDestinations(in: items)
        return .success(checked)
    }

    /// `items` (a whole query) with this link's destinations in place of the values that
    /// named them: a checked link's items are what its redirects use.
    public func replacingDestinations(in items: [(name: String, value: String)]) -> [(name: String, value: String)] {
        items.map { item in
            guard !item.value.isEmpty else { return item }
            let value: String? =
                switch item.name {
                case "link": link
                case "afl": androidFallback
                case "ifl": iosFallback
                case "ipfl": iPadFallback
                case "ofl": desktopFallback
                default: nil
                }
            return (item.name, value ?? item.value)
        }
    }

    /// Why the link cannot be followed, or `nil` (`checked(policy:appHosts:)`).
    public func problem(policy: DestinationPolicy, appHosts: Set<String>) -> String? {
        if case .failure(let refusal) = checked(policy: policy, appHosts: appHosts) { return refusal.description }
        return nil
    }

    /// Warnings FDL's API gave for parameters that do not fit the app (they do not stop
    /// the link): another app's bundle id, package or App Store id.
    public func warnings(for app: App) -> [String] {
        var warnings: [String] = []
        if let bundle = iosBundleID, let ios = app.ios, bundle != ios.bundleID {
            warnings.append("ibi '\(bundle)' is not the app's bundle id '\(ios.bundleID)'; the app's own is used")
        }
        if let package = androidPackage, let android = app.android, package != android.package {
            warnings.append("apn '\(package)' is not the app's package '\(android.package)'; the app's own is used")
        }
        if let store = appStoreID, let id = app.ios?.appStoreID, store != id {
            warnings.append("isi '\(store)' is not the app's App Store id '\(id)'; the app's own is used")
        }
        if let image = socialImage, LinkURL(image) == nil { warnings.append("si '\(image.prefix(100))' is not a URL; no image is shown") }
        return warnings
    }

    /// The content the app and the preview see: `link` as the deep link (its path too,
    /// so path-based routers work), the minimum versions, the social card; utm values go
    /// through the ordinary long-link vocabulary as campaign data.
    public func apply(to content: inout LinkContent) {
        if let link {
            if content.deepLinkValue == nil { content.deepLinkValue = link }
            content.data["link"] = link
        }
        content.webURL = link ?? content.webURL
        content.desktopURL = desktopFallback ?? content.desktopURL
        content.iosURL = iosFallback ?? content.iosURL
        content.androidURL = androidFallback ?? content.androidURL
        if iosMinimumVersion != nil || androidMinimumVersion != nil {
            content.minAppVersion = .init(ios: iosMinimumVersion, android: androidMinimumVersion)
        }
        if socialTitle != nil || socialDescription != nil || socialImage != nil {
            content.social = .init(
                title: socialTitle, description: socialDescription, imageURL: socialImage.flatMap { LinkURL($0) != nil ? $0 : nil })
        }
        for (name, value) in storeAnalytics { content.data[name] = value }
    }
}
