/// The limits of the v1 API: the server refuses values outside them (400 naming the
/// field) and `/openapi.json` states them, from these same numbers. Lengths count
/// Unicode scalars, as JSON Schema's `maxLength` does.
public enum WireLimits {
    /// An app's name.
    public static let appName = 1...200
    /// Seconds a click may wait for its install (the app's default and a link's own).
    public static let matchWindowSeconds = 60...604_800
    /// How sure a probabilistic deferred match must be.
    public static let minMatchConfidence = 0.5...1.0
    /// Path patterns in an app's `paths` or `exclude_paths`, and the length of one.
    public static let pathPatterns = 500
    public static let pathPatternLength = 1...1024
    /// A bundle id, Android package, URL scheme or host name.
    public static let identifierLength = 1...255
    /// Entries of an app's `domains`, `ios.additional_app_ids` and
    /// `android.sha256_cert_fingerprints`, and of `web.allowed_hosts`.
    public static let appListItems = 100
    public static let allowedHosts = 500
    /// A HarmonyOS app: its bundle name, an App Linking APP ID and the `index` Huawei ranks
    /// apps of one host by. Refused with 422 `invalid_harmony` naming the field; the document
    /// says these in words.
    public static let harmonyBundleNameLength = 7...128
    public static let appIdentifierLength = 1...128
    public static let appLinkingIndex = -100...100
    /// Digits of an App Store id.
    public static let appStoreIDLength = 1...15
    /// Any text of a link (path, values, destinations, card and campaign texts).
    public static let linkText = 2048
    /// A link's `data`: keys, and the length of a key.
    public static let dataKeys = 100
    public static let dataKeyLength = 1...128
    /// A link's alias.
    public static let aliasLength = 1...64
    /// A Firebase Dynamic Link a link routes as (its long URL or query).
    public static let dynamicLink = 8192
    /// The URL the app was opened with (`/v1/sdk/resolve`).
    public static let openedURL = 8192
    /// Links in one batch (and one Branch bulk request).
    public static let batchLinks = 1...1000
    /// Screen width and height in points.
    /// 0 stands for a screen not known yet (deferred matching ignores any side under 100).
    public static let screenPoints = 0...20_000
    public static let screenScale = 0.5...10.0
    /// An IANA time zone name.
    public static let timeZoneLength = 1...64
    /// Language tags a device reports, and the length of one.
    public static let languages = 10
    public static let languageLength = 1...35
    /// An install id: letters, digits, `-` and `_`.
    public static let installIDLength = 8...128
    /// A device's `os_version` and `model`, and an app's version.
    public static let deviceText = 64
    /// An event's name; its properties, the length of a key and of a value.
    public static let eventName = 128
    public static let eventProperties = 50
    public static let eventPropertyKey = 128
    public static let eventPropertyValue = 1024
    /// How long a rotated key keeps working (30 days at most).
    public static let graceSeconds = 0...2_592_000
    /// `GET /v1/links?limit=`.
    public static let pageSize = 1...200
    /// `GET /v1/links/{id}/qr?size=` in pixels: 4096 prints 34 cm wide at 300 dpi.
    public static let qrSize = 64...4096
}
