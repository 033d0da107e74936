/// An app as the admin API reads and writes it. Every field is optional so the same type
/// serves creation (`POST`) and partial updates (`PATCH`).
public struct AppBody: Codable, Sendable, Equatable {
    public struct IOS: Codable, Sendable, Equatable {
        public var teamID: String?
        public var bundleID: String?
        public var appStoreID: String?
        public var scheme: String?
        public var additionalAppIDs: [String]?

        public init(
            teamID: String? = nil, bundleID: String? = nil, appStoreID: String? = nil, scheme: String? = nil, additionalAppIDs: [String]? = nil
        ) {
            self.teamID = teamID
            self.bundleID = bundleID
            self.appStoreID = appStoreID
            self.scheme = scheme
            self.additionalAppIDs = additionalAppIDs
        }

        enum CodingKeys: String, CodingKey {
            case teamID = "team_id", bundleID = "bundle_id", appStoreID = "app_store_id", scheme
            case additionalAppIDs = "additional_app_ids"
        }
    }

    public struct Android: Codable, Sendable, Equatable {
        public var package: String?
        public var scheme: String?
        public var sha256CertFingerprints: [String]?

        public init(package: String? = nil, scheme: String? = nil, sha256CertFingerprints: [String]? = nil) {
            self.package = package
            self.scheme = scheme
            self.sha256CertFingerprints = sha256CertFingerprints
        }

        enum CodingKeys: String, CodingKey {
            case package, scheme, sha256CertFingerprints = "sha256_cert_fingerprints"
        }
    }

    /// The HarmonyOS NEXT app: App Linking's app identifiers (served in every host's
    /// `/.well-known/applinking.json`), its AppGallery bundle name and page, and its scheme.
    public struct Harmony: Codable, Sendable, Equatable {
        public struct AppIdentifier: Codable, Sendable, Equatable {
            /// The APP ID in AppGallery Connect.
            public var appIdentifier: String
            /// Priority among the apps of one host, -100 to 100.
            public var index: Int?

            public init(appIdentifier: String, index: Int? = nil) {
                self.appIdentifier = appIdentifier
                self.index = index
            }

            enum CodingKeys: String, CodingKey {
                case appIdentifier = "app_identifier", index
            }
        }

        public var bundleName: String?
        public var appIdentifiers: [AppIdentifier]?
        /// An `https://appgallery.huawei.com/` page; absent: the page of `bundle_name`.
        public var appGalleryURL: String?
        public var scheme: String?

        public init(bundleName: String? = nil, appIdentifiers: [AppIdentifier]? = nil, appGalleryURL: String? = nil, scheme: String? = nil) {
            self.bundleName = bundleName
            self.appIdentifiers = appIdentifiers
            self.appGalleryURL = appGalleryURL
            self.scheme = scheme
        }

        enum CodingKeys: String, CodingKey {
            case bundleName = "bundle_name", appIdentifiers = "app_identifiers", appGalleryURL = "app_gallery_url", scheme
        }
    }

    public struct Web: Codable, Sendable, Equatable {
        public var fallbackURL: String?
        public var allowedHosts: [String]?

        public init(fallbackURL: String? = nil, allowedHosts: [String]? = nil) {
            self.fallbackURL = fallbackURL
            self.allowedHosts = allowedHosts
        }

        enum CodingKeys: String, CodingKey {
            case fallbackURL = "fallback_url", allowedHosts = "allowed_hosts"
        }
    }

    public struct Domain: Codable, Sendable, Equatable {
        public var host: String
        /// `primary`, `alternate` or `short`.
        public var role: String

        public init(host: String, role: String) {
            self.host = host
            self.role = role
        }
    }

    public var id: String?
    public var name: String?
    public var ios: IOS?
    public var android: Android?
    public var harmony: Harmony?
    public var web: Web?
    public var domains: [Domain]?
    public var paths: [String]?
    public var excludePaths: [String]?
    public var matchWindowSeconds: Int?
    /// The preview page's button copies a token the SDK can read for an exact deferred match.
    public var pasteboardToken: Bool?
    /// 0.5 to 1: how sure a probabilistic deferred match must be (default 0.9).
    public var minMatchConfidence: Double?
    /// How the app's QR codes are drawn: colours and a logo.
    public var qr: QRDesignBody?
    /// Routing rules every link of the app follows after its own (a PATCH replaces them).
    public var defaultRules: [RoutingRuleBody]?
    /// Only in the response to `POST /v1/apps`: shown once, stored hashed.
    public var secretKey: String?
    public var publishableKey: String?
    public var createdAt: String?

    public init(
        name: String? = nil, ios: IOS? = nil, android: Android? = nil, web: Web? = nil, domains: [Domain]? = nil,
        paths: [String]? = nil, excludePaths: [String]? = nil, matchWindowSeconds: Int? = nil
    ) {
        self.name = name
        self.ios = ios
        self.android = android
        self.web = web
        self.domains = domains
        self.paths = paths
        self.excludePaths = excludePaths
        self.matchWindowSeconds = matchWindowSeconds
    }

    enum CodingKeys: String, CodingKey {
        case id, name, ios, android, harmony, web, domains, paths
        case excludePaths = "exclude_paths", matchWindowSeconds = "match_window_seconds", pasteboardToken = "pasteboard_token"
        case minMatchConfidence = "min_match_confidence", qr, defaultRules = "default_rules"
        case secretKey = "secret_key", publishableKey = "publishable_key", createdAt = "created_at"
    }
}

/// `GET /v1/apps`.
public struct AppList: Codable, Sendable, Equatable {
    public var data: [AppBody]

    public init(data: [AppBody]) {
        self.data = data
    }
}
