/// A refused app form's message at the field it is about.
struct AppFieldErrors: FieldErrors {
    var name: String?
    var domains: String?
    var paths: String?
    var excludePaths: String?
    var iosTeamID: String?
    var iosBundleID: String?
    var iosAppStoreID: String?
    var iosScheme: String?
    var androidPackage: String?
    var androidScheme: String?
    var androidFingerprints: String?
    var harmonyBundleName: String?
    var harmonyAppIdentifiers: String?
    var harmonyAppGalleryURL: String?
    var harmonyScheme: String?
    var webFallbackURL: String?
    var webAllowedHosts: String?
    var matchWindowSeconds: String?
    var defaultRules: String?

    static let fields: Set<String> = [
        "name", "domains", "paths", "exclude_paths", "ios_team_id", "ios_bundle_id", "ios_app_store_id", "ios_scheme", "android_package",
        "android_scheme", "android_fingerprints", "harmony_bundle_name", "harmony_app_identifiers", "harmony_app_gallery_url",
        "harmony_scheme", "web_fallback_url", "web_allowed_hosts", "match_window_seconds", "default_rules",
    ]
    static let aliases: [String: String] = [
        "ios.additional_app_ids": "ios_team_id",
        "android.sha256_cert_fingerprints": "android_fingerprints",
        "harmony.app_identifiers": "harmony_app_identifiers",
        "web.fallback_url": "web_fallback_url",
        "web.allowed_hosts": "web_allowed_hosts",
        "each host line": "domains",
        "min_match_confidence": "match_window_seconds",
        "default_rules": "default_rules",
    ]

    init() {}

    mutating func set(_ field: String, _ message: String) {
        switch field {
        case "name": name = message
        case "domains": domains = message
        case "paths": paths = message
        case "exclude_paths": excludePaths = message
        case "ios_team_id": iosTeamID = message
        case "ios_bundle_id": iosBundleID = message
        case "ios_app_store_id": iosAppStoreID = message
        case "ios_scheme": iosScheme = message
        case "android_package": androidPackage = message
        case "android_scheme": androidScheme = message
        case "android_fingerprints": androidFingerprints = message
        case "harmony_bundle_name": harmonyBundleName = message
        case "harmony_app_identifiers": harmonyAppIdentifiers = message
        case "harmony_app_gallery_url": harmonyAppGalleryURL = message
        case "harmony_scheme": harmonyScheme = message
        case "web_fallback_url": webFallbackURL = message
        case "web_allowed_hosts": webAllowedHosts = message
        case "match_window_seconds": matchWindowSeconds = message
        case "default_rules": defaultRules = message
        default: break
        }
    }
}
