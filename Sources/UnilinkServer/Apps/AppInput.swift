import HTTPTypes
import Foundation
import UnilinkAPI
import UnilinkCore

/// Turns an `AppBody` into an `App` (creation or update), refusing what would break
/// the app's links or files with a 400 naming the field.
enum AppInput {
    static func create(_ body: AppBody, id: String, now: Date) throws -> App {
        guard let name = body.name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            throw APIError.badRequest("'name' is required")
        }
        var app = App(id: id, name: name, createdAt: now)
        try apply(body, to: &app)
        return app
    }

    static func patch(_ app: App, with body: AppBody) throws -> App {
        var app = app
        if let name = body.name {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw APIError.badRequest("'name' must not be empty") }
            app.name = name
        }
        try apply(body, to: &app)
        return app
    }

    private static func apply(_ body: AppBody, to app: inout App) throws {
        guard app.name.count <= 200 else { throw APIError.badRequest("'name' is longer than 200 characters") }
        if let ios = body.ios { app.ios = try iOS(ios, merging: app.ios) }
        if let android = body.android { app.android = try self.android(android, merging: app.android) }
        if let web = body.web { app.web = try self.web(web, merging: app.web) }
        if let domains = body.domains { app.domains = try self.domains(domains) }
        if let paths = body.paths { app.paths = try patterns(paths, field: "paths") }
        if let excluded = body.excludePaths { app.excludePaths = try patterns(excluded, field: "exclude_paths") }
        if let window = body.matchWindowSeconds {
            guard (60...604_800).contains(window) else { throw APIError.badRequest("'match_window_seconds' must be between 60 and 604800") }
            app.matchWindowSeconds = window
        }
        if let pasteboard = body.pasteboardToken { app.pasteboardToken = pasteboard }
        if let confidence = body.minMatchConfidence {
            guard confidence.isFinite, (0.5...1).contains(confidence) else {
                throw APIError.badRequest("'min_match_confidence' must be between 0.5 and 1")
            }
            app.minMatchConfidence = confidence
        }
    }

    private static func iOS(_ body: AppBody.IOS, merging old: App.IOS?) throws -> App.IOS {
        guard let team = body.teamID ?? old?.teamID else { throw APIError.badRequest("'ios.team_id' is required") }
        guard let bundle = body.bundleID ?? old?.bundleID else { throw APIError.badRequest("'ios.bundle_id' is required") }
        guard AppID.isValidTeamID(team) else { throw APIError.badRequest("'ios.team_id' must be ten upper-case letters or digits, like ABCDE12345") }
        guard AppID.isValidBundleID(bundle) else { throw APIError.badRequest("'ios.bundle_id' must be a reverse-DNS name like com.example.app") }
        var ios = App.IOS(teamID: team, bundleID: bundle, appStoreID: old?.appStoreID, scheme: old?.scheme, additionalAppIDs: old?.additionalAppIDs ?? [])
        if let storeID = body.appStoreID {
            guard !storeID.isEmpty, storeID.allSatisfy(\.isASCII), storeID.allSatisfy(\.isNumber), storeID.count <= 15 else {
                throw APIError.badRequest("'ios.app_store_id' must be the numeric App Store id, like 123456789")
            }
            ios.appStoreID = storeID
        }
        if let scheme = body.scheme { ios.scheme = try self.scheme(scheme, field: "ios.scheme") }
        if let additional = body.additionalAppIDs {
            for id in additional where !AppID.isValid(id) {
                throw APIError.badRequest("'ios.additional_app_ids' has '\(id)', which is not TEAMID.bundle.id")
            }
            ios.additionalAppIDs = additional
        }
        return ios
    }

    private static func android(_ body: AppBody.Android, merging old: App.Android?) throws -> App.Android {
        guard let package = body.package ?? old?.package else { throw APIError.badRequest("'android.package' is required") }
        let parts = package.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ part in
            guard let first = part.first, first.isASCII, first.isLetter else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }) else {
            throw APIError.badRequest("'android.package' must be a Java package name like com.example.app")
        }
        var android = App.Android(package: package, scheme: old?.scheme, sha256CertFingerprints: old?.sha256CertFingerprints ?? [])
        if let scheme = body.scheme { android.scheme = try self.scheme(scheme, field: "android.scheme") }
        if let fingerprints = body.sha256CertFingerprints {
            android.sha256CertFingerprints = try fingerprints.map { fingerprint in
                let bytes = fingerprint.split(separator: ":", omittingEmptySubsequences: false)
                guard bytes.count == 32, bytes.allSatisfy({ $0.count == 2 && UInt8($0, radix: 16) != nil }) else {
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
            switch DestinationURL.parse(fallback) {
            case .success(let url) where url.scheme == "https" || url.scheme == "http": web.fallbackURL = url.href
            case .success: throw APIError.badRequest("'web.fallback_url' must be an absolute http(s) URL")
            case .failure(let problem): throw APIError.unprocessable("invalid_destination", "'web.fallback_url' \(problem)")
            }
        }
        if let hosts = body.allowedHosts {
            // Stored as browsers write them (`münchen.de` as `xn--mnchen-3ya.de`), so the list
            // reads back as the hosts it compares with.
            web.allowedHosts = try hosts.map { host in
                let bare = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
                guard !bare.isEmpty, !bare.contains(where: { "/?#:@".contains($0) }), case .success(let ascii) = URLHost.parse(bare.utf8),
                      !ascii.hasPrefix("[") else {
                    throw APIError.badRequest("'web.allowed_hosts' has '\(host)', which is not a host name")
                }
                return DestinationPolicy.normalized(host.hasPrefix("*.") ? "*." + ascii : ascii)
            }
        }
        return web
    }

    private static func domains(_ bodies: [AppBody.Domain]) throws -> [App.Domain] {
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
            throw APIError.badRequest("an app has at most one \(role.rawValue) host")
        }
        return domains
    }

    private static func patterns(_ patterns: [String], field: String) throws -> [String] {
        guard patterns.count <= 500 else { throw APIError.badRequest("'\(field)' has more than 500 entries") }
        for pattern in patterns where pattern.isEmpty || pattern.count > 1024 || pattern.contains(where: \.isWhitespace) {
            throw APIError.badRequest("'\(field)' has '\(pattern)': a path pattern is 1 to 1024 characters without spaces")
        }
        return patterns
    }

    private static func scheme(_ scheme: String, field: String) throws -> String {
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
              !["http", "https"].contains(scheme.lowercased()) else {
            throw APIError.badRequest("'\(field)' must be a custom URL scheme like 'shop' (no '://')")
        }
        return scheme.lowercased()
    }

    static func body(of app: App, publishableKey: String?) -> AppBody {
        var body = AppBody(
            name: app.name,
            ios: app.ios.map { .init(teamID: $0.teamID, bundleID: $0.bundleID, appStoreID: $0.appStoreID, scheme: $0.scheme, additionalAppIDs: $0.additionalAppIDs) },
            android: app.android.map { .init(package: $0.package, scheme: $0.scheme, sha256CertFingerprints: $0.sha256CertFingerprints) },
            web: .init(fallbackURL: app.web.fallbackURL, allowedHosts: app.web.allowedHosts),
            domains: app.domains.map { .init(host: $0.host, role: $0.role.rawValue) },
            paths: app.paths, excludePaths: app.excludePaths, matchWindowSeconds: app.matchWindowSeconds
        )
        body.id = app.id
        body.pasteboardToken = app.pasteboardToken ?? false
        body.minMatchConfidence = app.deferredThreshold
        body.publishableKey = publishableKey
        body.createdAt = Timestamp.format(app.createdAt)
        return body
    }
}
