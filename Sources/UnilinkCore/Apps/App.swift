public import Foundation

/// One product line: its iOS, Android and HarmonyOS apps, its web site and the hosts its links live on.
public struct App: Sendable, Equatable, Codable {
    public struct IOS: Sendable, Equatable, Codable {
        public var teamID: String
        public var bundleID: String
        public var appStoreID: String?
        public var scheme: String?
        public var additionalAppIDs: [String]

        public init(teamID: String, bundleID: String, appStoreID: String? = nil, scheme: String? = nil, additionalAppIDs: [String] = []) {
            self.teamID = teamID
            self.bundleID = bundleID
            self.appStoreID = appStoreID
            self.scheme = scheme
            self.additionalAppIDs = additionalAppIDs
        }

        public var appID: String { "\(teamID).\(bundleID)" }
        public var appIDs: [String] { [appID] + additionalAppIDs.filter { $0 != appID } }
    }

    public struct Android: Sendable, Equatable, Codable {
        public var package: String
        public var scheme: String?
        public var sha256CertFingerprints: [String]

        public init(package: String, scheme: String? = nil, sha256CertFingerprints: [String] = []) {
            self.package = package
            self.scheme = scheme
            self.sha256CertFingerprints = sha256CertFingerprints
        }
    }

    public struct Web: Sendable, Equatable, Codable {
        public var fallbackURL: String?
        /// Hosts links may send visitors to (`www.example.com`, `*.example.com`).
        public var allowedHosts: [String]

        public init(fallbackURL: String? = nil, allowedHosts: [String] = []) {
            self.fallbackURL = fallbackURL
            self.allowedHosts = allowedHosts
        }
    }

    public struct Domain: Sendable, Equatable, Codable, Hashable {
        public var host: String
        public var role: HostRole

        public init(host: String, role: HostRole) {
            self.host = host
            self.role = role
        }
    }

    public var id: String
    public var name: String
    public var ios: IOS?
    public var android: Android?
    /// Absent in documents written before HarmonyOS NEXT was a platform.
    public var harmony: Harmony?
    public var web: Web
    public var domains: [Domain]
    /// Paths the app opens, in AASA pattern syntax (`/u/*`).
    public var paths: [String]
    public var excludePaths: [String]
    /// How long a click may wait for the install it led to.
    public var matchWindowSeconds: Int
    /// The preview page's button copies a click token for the app to read (opt-in: iOS
    /// asks the user before an app reads the pasteboard).
    public var pasteboardToken: Bool?
    /// The posterior a probabilistic deferred match needs (`nil`: the default, 0.9); below
    /// it the answer is weak and given only to an SDK that asks for weak matches.
    public var minMatchConfidence: Double?

    /// How its QR codes are drawn (`nil`: black on white, no logo).
    public var qrDesign: QRDesign?
    /// Routing rules every link follows after its own (no variants); absent in documents
    /// written before them.
    public var defaultRules: LinkRouting?

    public var deferredThreshold: Double { minMatchConfidence ?? DeferredMatchModel.defaultThreshold }
    public var createdAt: Date

    public init(
        id: String, name: String, ios: IOS? = nil, android: Android? = nil, web: Web = Web(),
        domains: [Domain] = [], paths: [String] = [], excludePaths: [String] = [],
        matchWindowSeconds: Int = 3600, createdAt: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.id = id
        self.name = name
        self.ios = ios
        self.android = android
        self.web = web
        self.domains = domains
        self.paths = paths
        self.excludePaths = excludePaths
        self.matchWindowSeconds = matchWindowSeconds
        self.createdAt = createdAt
    }

    public func host(for role: HostRole) -> String? {
        domains.first { $0.role == role }?.host
    }

    public func role(of host: String) -> HostRole? {
        domains.first { $0.host == host }?.role
    }
}
