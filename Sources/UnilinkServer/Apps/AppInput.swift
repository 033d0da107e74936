import Foundation
import HTTPTypes
import UnilinkAPI
import UnilinkCore

/// Turns an `AppBody` into an `App` (creation or update). What `/openapi.json` states
/// (lengths, patterns, ranges) is a 400 naming the field; a rule it cannot state (a
/// platform's identity missing on a change, two primary hosts, a host name that is not
/// one) is a 422, and a host another app has a 409.
enum AppInput {
    static func create(_ body: AppBody, id: String, now: Date) throws -> App {
        guard let name = body.name else { throw APIError.badRequest("'name' is required") }
        var app = App(id: id, name: try self.name(name), createdAt: now)
        try apply(body, to: &app, creating: true)
        return app
    }

    static func patch(_ app: App, with body: AppBody) throws -> App {
        var app = app
        if let name = body.name { app.name = try self.name(name) }
        try apply(body, to: &app, creating: false)
        return app
    }

    private static func name(_ name: String) throws -> String {
        guard WireLimits.appName.contains(name.unicodeScalars.count), name.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw APIError.badRequest("'name' must be 1 to \(WireLimits.appName.upperBound) characters, not only spaces")
        }
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func apply(_ body: AppBody, to app: inout App, creating: Bool) throws {
        if let ios = body.ios { app.ios = try iOS(ios, merging: app.ios, creating: creating) }
        if let android = body.android { app.android = try self.android(android, merging: app.android, creating: creating) }
        if let harmony = body.harmony { app.harmony = try self.harmony(harmony, merging: app.harmony, creating: creating) }
        if let web = body.web { app.web = try self.web(web, merging: app.web) }
        if let domains = body.domains { app.domains = try self.domains(domains) }
        if let paths = body.paths { app.paths = try patterns(paths, field: "paths") }
        if let excluded = body.excludePaths { app.excludePaths = try patterns(excluded, field: "exclude_paths") }
        if let window = body.matchWindowSeconds {
            guard WireLimits.matchWindowSeconds.contains(window) else {
                throw APIError.badRequest(
                    "'match_window_seconds' must be between \(WireLimits.matchWindowSeconds.lowerBound) and \(WireLimits.matchWindowSeconds.upperBound)"
                )
            }
            app.matchWindowSeconds = window
        }
        if let pasteboard = body.pasteboardToken { app.pasteboardToken = pasteboard }
        if let confidence = body.minMatchConfidence {
            guard confidence.isFinite, WireLimits.minMatchConfidence.contains(confidence) else {
                throw APIError.badRequest("'min_match_confidence' must be between 0.5 and 1")
            }
            app.minMatchConfidence = confidence
        }
        if let qr = body.qr { app.qrDesign = try qrDesign(qr, merging: app.qrDesign ?? .plain) }
        if let rules = body.defaultRules {
            let routing = try LinkInput.routing(rules: rules, variants: [], policy: DestinationPolicy(app: app), field: "default_rules")
            app.defaultRules = routing.isEmpty ? nil : routing
        }
    }

    /// A platform's identity the first time it is set: the schema requires it when an app
    /// is created, a change to an app without that platform yet is refused here.
    static func identity(_ value: String?, _ old: String?, _ field: String, creating: Bool) throws -> String {
        guard let value = value ?? old else {
            if creating { throw APIError.badRequest("'\(field)' is required") }
            throw APIError.unprocessable("app_identity_required", "'\(field)' is required: the app has no \(field.split(separator: ".")[0]) app yet")
        }
        return value
    }

    private static func iOS(_ body: AppBody.IOS, merging old: App.IOS?, creating: Bool) throws -> App.IOS {
        let team = try identity(body.teamID, old?.teamID, "ios.team_id", creating: creating)
        let bundle = try identity(body.bundleID, old?.bundleID, "ios.bundle_id", creating: creating)
        guard AppID.isValidTeamID(team) else { throw APIError.badRequest("'ios.team_id' must be ten upper-case letters or digits, like ABCDE12345") }
        guard AppID.isValidBundleID(bundle), WireLimits.identifierLength.contains(bundle.utf8.count) else {
            throw APIError.badRequest("'ios.bundle_id' must be a reverse-DNS name like com.example.app")
        }
        var ios = App.IOS(
            teamID: team, bundleID: bundle, appStoreID: old?.appStoreID, scheme: old?.scheme, additionalAppIDs: old?.additionalAppIDs ?? [])
        if let storeID = body.appStoreID {
            guard WireLimits.appStoreIDLength.contains(storeID.utf8.count), storeID.utf8.allSatisfy(\.isASCIIDigit) else {
                throw APIError.badRequest("'ios.app_store_id' must be the numeric App Store id, like 123456789")
            }
            ios.appStoreID = storeID
        }
        if let scheme = body.scheme { ios.scheme = try self.scheme(scheme, field: "ios.scheme") }
        if let additional = body.additionalAppIDs {
            guard additional.count <= WireLimits.appListItems else {
                throw APIError.badRequest("'ios.additional_app_ids' has more than \(WireLimits.appListItems) entries")
            }
            for id in additional where !AppID.isValid(id) || id.utf8.count > 11 + WireLimits.identifierLength.upperBound {
                throw APIError.badRequest("'ios.additional_app_ids' has '\(id)', which is not TEAMID.bundle.id")
            }
            ios.additionalAppIDs = additional
        }
        return ios
    }

    private static func android(_ body: AppBody.Android, merging old: App.Android?, creating: Bool) throws -> App.Android {
        let package = try identity(body.package, old?.package, "android.package", creating: creating)
        let parts = package.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, WireLimits.identifierLength.contains(package.utf8.count),
            parts.allSatisfy({ part in
                guard let first = part.first, first.isASCII, first.isLetter else { return false }
                return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            })
        else {
            throw APIError.badRequest("'android.package' must be a Java package name like com.example.app")
        }
        var android = App.Android(package: package, scheme: old?.scheme, sha256CertFingerprints: old?.sha256CertFingerprints ?? [])
        if let scheme = body.scheme { android.scheme = try self.scheme(scheme, field: "android.scheme") }
        if let fingerprints = body.sha256CertFingerprints {
            guard fingerprints.count <= WireLimits.appListItems else {
                throw APIError.badRequest("'android.sha256_cert_fingerprints' has more than \(WireLimits.appListItems) entries")
            }
            android.sha256CertFingerprints = try fingerprints.map { fingerprint in
                let bytes = fingerprint.split(separator: ":", omittingEmptySubsequences: false)
                guard bytes.count == 32, bytes.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy(\.isASCIIHexDigit) }) else {
                    throw APIError.badRequest("'android.sha256_cert_fingerprints' has '\(fingerprint)', which is not 32 colon-separated hex bytes")
                }
                return fingerprint.uppercased()
            }
        }
        return android
    }

    private static func web(_ body: AppBody.Web, merging old: App.Web) throws -> App.Web {
        var web = old
        if let fallback = body.fallbackURL {
            guard fallback.unicodeScalars.count <= WireLimits.linkText else {
                throw APIError.badRequest("'web.fallback_url' is longer than \(WireLimits.linkText) characters")
            }
            switch DestinationURL.parse(fallback) {
            case .success(let url) where url.scheme == "https" || url.scheme == "http": web.fallbackURL = url.href
            case .success: throw APIError.unprocessable("invalid_destination", "'web.fallback_url' must be an absolute http(s) URL")
            case .failure(let problem): throw APIError.unprocessable("invalid_destination", "'web.fallback_url' \(problem)")
            }
        }
        if let hosts = body.allowedHosts {
            guard hosts.count <= WireLimits.allowedHosts else {
                throw APIError.badRequest("'web.allowed_hosts' has more than \(WireLimits.allowedHosts) entries")
            }
            if let long = hosts.first(where: { !WireLimits.identifierLength.contains($0.unicodeScalars.count) }) {
                throw APIError.badRequest(
                    "'web.allowed_hosts' has '\(long.prefix(40))', which is not 1 to \(WireLimits.identifierLength.upperBound) characters")
            }
            // Stored as browsers write them (`münchen.de` as `xn--mnchen-3ya.de`), so the list
            // reads back as the hosts it compares with.
            web.allowedHosts = try hosts.map { host in
                let bare = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
                guard !bare.isEmpty, !bare.contains(where: { "/?#:@".contains($0) }), case .success(let ascii) = URLHost.parse(bare.utf8),
                    !ascii.hasPrefix("[")
                else {
                    throw APIError.unprocessable("invalid_host", "'web.allowed_hosts' has '\(host)', which is not a host name")
                }
                return DestinationPolicy.normalized(host.hasPrefix("*.") ? "*." + ascii : ascii)
            }
        }
        return web
    }

    private static func domains(_ bodies: [AppBody.Domain]) throws -> [App.Domain] {
        guard bodies.count <= WireLimits.appListItems else { throw APIError.badRequest("'domains' has more than \(WireLimits.appListItems) entries") }
        var seen = Set<String>()
        let domains = try bodies.map { body -> App.Domain in
            let host = body.host.lowercased()
            guard HostName.isValid(host) else {
                throw APIError.badRequest("'domains' has '\(body.host)', which is not a host name (no scheme, port or path)")
            }
            guard let role = HostRole(rawValue: body.role) else {
                throw APIError.badRequest("'domains' role '\(body.role)' must be primary, alternate or short")
            }
            guard seen.insert(host).inserted else { throw APIError.conflict("host_taken", "the host '\(host)' is listed twice") }
            return App.Domain(host: host, role: role)
        }
        for role in [HostRole.primary, .alternate] where domains.filter({ $0.role == role }).count > 1 {
            throw APIError.unprocessable("too_many_hosts", "an app has at most one \(role.rawValue) host")
        }
        return domains
    }

    private static func patterns(_ patterns: [String], field: String) throws -> [String] {
        guard patterns.count <= WireLimits.pathPatterns else {
            throw APIError.badRequest("'\(field)' has more than \(WireLimits.pathPatterns) entries")
        }
        for pattern in patterns
        where !WireLimits.pathPatternLength.contains(pattern.unicodeScalars.count)
            || pattern.unicodeScalars.contains(where: \.properties.isWhitespace)
        {
            throw APIError.badRequest("'\(field)' has '\(pattern.prefix(80))': a path pattern is 1 to 1024 characters without spaces")
        }
        return patterns
    }

    static func scheme(_ scheme: String, field: String) throws -> String {
        guard let first = scheme.first, first.isASCII, first.isLetter, WireLimits.identifierLength.contains(scheme.utf8.count),
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else {
            throw APIError.badRequest("'\(field)' must be a custom URL scheme like 'shop' (no '://')")
        }
        guard !["http", "https"].contains(scheme.lowercased()) else {
            throw APIError.unprocessable("web_scheme", "'\(field)' must be the app's own scheme, not \(scheme.lowercased())")
        }
        return scheme.lowercased()
    }

    static func body(of app: App, publishableKey: String?) -> AppBody {
        var body = AppBody(
            name: app.name,
            ios: app.ios.map {
                .init(teamID: $0.teamID, bundleID: $0.bundleID, appStoreID: $0.appStoreID, scheme: $0.scheme, additionalAppIDs: $0.additionalAppIDs)
            },
            android: app.android.map { .init(package: $0.package, scheme: $0.scheme, sha256CertFingerprints: $0.sha256CertFingerprints) },
            web: .init(fallbackURL: app.web.fallbackURL, allowedHosts: app.web.allowedHosts),
            domains: app.domains.map { .init(host: $0.host, role: $0.role.rawValue) },
            paths: app.paths, excludePaths: app.excludePaths, matchWindowSeconds: app.matchWindowSeconds
        )
        body.id = app.id
        body.harmony = app.harmony.map {
            .init(
                bundleName: $0.bundleName, appIdentifiers: $0.appIdentifiers.map { .init(appIdentifier: $0.appIdentifier, index: $0.index) },
                appGalleryURL: $0.appGalleryURL, scheme: $0.scheme)
        }
        body.pasteboardToken = app.pasteboardToken ?? false
        body.minMatchConfidence = app.deferredThreshold
        body.defaultRules = app.defaultRules?.ruleBodies ?? []
        let design = app.qrDesign ?? .plain
        body.qr = QRDesignBody(
            foreground: design.foreground.description, background: design.background.description,
            logoPNG: design.logoPNG?.base64EncodedString())
        body.publishableKey = publishableKey
        body.createdAt = Timestamp.format(app.createdAt)
        return body
    }
}
