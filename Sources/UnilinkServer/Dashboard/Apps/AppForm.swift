import Foundation
import UnilinkAPI
import UnilinkCore

/// The app form's fields, as the browser posts them (lists one per line). It becomes the
/// same `AppBody` the API takes, so validation and errors are the API's.
struct AppForm: Decodable, Sendable {
    var csrf: String?
    var name: String?
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
    var domains: String?
    var paths: String?
    var excludePaths: String?
    var matchWindowSeconds: String?
    var pasteboardToken: String?
    /// The rules every link follows after its own, as the API's JSON; empty removes them.
    var defaultRules: String?

    enum CodingKeys: String, CodingKey {
        case csrf, name, domains, paths
        case iosTeamID = "ios_team_id", iosBundleID = "ios_bundle_id", iosAppStoreID = "ios_app_store_id", iosScheme = "ios_scheme"
        case androidPackage = "android_package", androidScheme = "android_scheme", androidFingerprints = "android_fingerprints"
        case harmonyBundleName = "harmony_bundle_name", harmonyAppIdentifiers = "harmony_app_identifiers"
        case harmonyAppGalleryURL = "harmony_app_gallery_url", harmonyScheme = "harmony_scheme"
        case webFallbackURL = "web_fallback_url", webAllowedHosts = "web_allowed_hosts", excludePaths = "exclude_paths"
        case matchWindowSeconds = "match_window_seconds", pasteboardToken = "pasteboard_token", defaultRules = "default_rules"
    }

    /// Hosts are `host role` per line; a host alone is the primary host.
    func body() throws -> AppBody {
        var body = AppBody(name: Self.text(name))
        if Self.text(iosTeamID) != nil || Self.text(iosBundleID) != nil || Self.text(iosAppStoreID) != nil || Self.text(iosScheme) != nil {
            body.ios = .init(
                teamID: Self.text(iosTeamID), bundleID: Self.text(iosBundleID), appStoreID: Self.text(iosAppStoreID), scheme: Self.text(iosScheme))
        }
        if Self.text(androidPackage) != nil || Self.text(androidScheme) != nil || !Self.lines(androidFingerprints).isEmpty {
            body.android = .init(
                package: Self.text(androidPackage), scheme: Self.text(androidScheme), sha256CertFingerprints: Self.lines(androidFingerprints))
        }
        if Self.text(harmonyBundleName) != nil || Self.text(harmonyAppGalleryURL) != nil || Self.text(harmonyScheme) != nil
            || !Self.lines(harmonyAppIdentifiers).isEmpty
        {
            body.harmony = .init(
                bundleName: Self.text(harmonyBundleName), appIdentifiers: try Self.appIdentifiers(harmonyAppIdentifiers),
                appGalleryURL: Self.text(harmonyAppGalleryURL), scheme: Self.text(harmonyScheme))
        }
        body.web = .init(fallbackURL: Self.text(webFallbackURL), allowedHosts: Self.lines(webAllowedHosts))
        body.domains = try Self.lines(domains).map { line in
            let parts = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard parts.count <= 2 else { throw APIError.badRequest("each host line is 'host role', e.g. 'go.example.com short'; got '\(line)'") }
            return AppBody.Domain(host: parts[0], role: parts.count == 2 ? parts[1] : "primary")
        }
        body.paths = Self.lines(paths)
        body.excludePaths = Self.lines(excludePaths)
        if let window = Self.text(matchWindowSeconds) {
            guard let seconds = Int(window) else { throw APIError.badRequest("'match_window_seconds' must be a whole number of seconds") }
            body.matchWindowSeconds = seconds
        }
        body.pasteboardToken = pasteboardToken == "on"
        // A form without the field (a page from before it) keeps the app's rules.
        if let defaultRules { body.defaultRules = try LinkForm.json([RoutingRuleBody].self, defaultRules, field: "default_rules") }
        return body
    }

    /// `APPID` or `APPID index` per line.
    static func appIdentifiers(_ value: String?) throws -> [AppBody.Harmony.AppIdentifier] {
        try lines(value).map { line in
            let parts = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard parts.count <= 2, let id = parts.first else {
                throw APIError.unprocessable(
                    "invalid_harmony", "'harmony.app_identifiers' has '\(line)': each line is an APP ID, then an index if any")
            }
            guard parts.count == 2 else { return .init(appIdentifier: id) }
            guard let index = Int(parts[1]) else {
                throw APIError.unprocessable("invalid_harmony", "'harmony.app_identifiers' has '\(line)': the index must be a whole number")
            }
            return .init(appIdentifier: id, index: index)
        }
    }

    static func text(_ value: String?) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    static func lines(_ value: String?) -> [String] {
        (value ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
