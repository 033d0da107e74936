/// An apple-app-site-association file: the legacy (`paths`) and the iOS 13+
/// (`components`) formats in one model, decoded leniently and encoded back.
public struct AASADocument: Sendable, Equatable, Codable {
    public var applinks: AppLinks?
    public var webcredentials: AppList?
    public var appclips: AppList?
    public var activitycontinuation: AppList?

    public init(applinks: AppLinks? = nil, webcredentials: AppList? = nil, appclips: AppList? = nil, activitycontinuation: AppList? = nil) {
        self.applinks = applinks
        self.webcredentials = webcredentials
        self.appclips = appclips
        self.activitycontinuation = activitycontinuation
    }

    /// The `applinks` section.
    public struct AppLinks: Sendable, Equatable, Codable {
        /// Legacy format only; must be present and empty for iOS 12 and older.
        public var apps: [String]?
        public var defaults: ComponentDefaults?
        public var substitutionVariables: [String: [String]]?
        public var details: [Detail]

        public init(apps: [String]? = nil, defaults: ComponentDefaults? = nil, substitutionVariables: [String: [String]]? = nil, details: [Detail]) {
            self.apps = apps
            self.defaults = defaults
            self.substitutionVariables = substitutionVariables
            self.details = details
        }
    }

    /// One entry of `applinks.details`: which apps, and which URLs they open.
    public struct Detail: Sendable, Equatable, Codable {
        public var appID: String?
        public var appIDs: [String]?
        public var components: [Component]?
        public var paths: [String]?
        public var defaults: ComponentDefaults?

        public init(appID: String? = nil, appIDs: [String]? = nil, components: [Component]? = nil, paths: [String]? = nil, defaults: ComponentDefaults? = nil) {
            self.appID = appID
            self.appIDs = appIDs
            self.components = components
            self.paths = paths
            self.defaults = defaults
        }

        /// Every app this entry speaks for, `appIDs` first.
        public var allAppIDs: [String] {
            var ids = appIDs ?? []
            if let appID, !ids.contains(appID) { ids.append(appID) }
            return ids
        }
    }

    /// `defaults` at the `applinks` or the detail level.
    public struct ComponentDefaults: Sendable, Equatable, Codable {
        public var caseSensitive: Bool?
        public var percentEncoded: Bool?

        public init(caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
        }
    }

    /// One rule of a detail's `components`.
    public struct Component: Sendable, Equatable, Codable {
        public var path: String?
        public var query: QueryPattern?
        public var fragment: String?
        public var exclude: Bool?
        public var caseSensitive: Bool?
        public var percentEncoded: Bool?
        public var comment: String?

        public init(path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil,
                    caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
            self.comment = comment
        }

        enum CodingKeys: String, CodingKey {
            case path = "/", query = "?", fragment = "#", exclude, caseSensitive, percentEncoded, comment
        }
    }

    /// The `"?"` key: a pattern for the whole query, or patterns per query item.
    public enum QueryPattern: Sendable, Equatable, Codable {
        case string(String)
        case items([String: String])
        /// A dictionary holding a non-string value (Apple ignores the whole dictionary),
        /// or a value of another type; kept so that encoding gives it back unchanged.
        case ignored(JSONValue)

        public init(from decoder: any Decoder) throws {
            let value = try JSONValue(from: decoder)
            switch value {
            case .string(let pattern):
                self = .string(pattern)
            case .object(let object):
                let items = object.compactMapValues(\.stringValue)
                self = items.count == object.count ? .items(items) : .ignored(value)
            default:
                self = .ignored(value)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let pattern): try container.encode(pattern)
            case .items(let items): try container.encode(items)
            case .ignored(let value): try container.encode(value)
            }
        }
    }

    /// `webcredentials`, `appclips`, `activitycontinuation`: a list of app IDs.
    public struct AppList: Sendable, Equatable, Codable {
        public var apps: [String]

        public init(apps: [String]) {
            self.apps = apps
        }
    }
}
