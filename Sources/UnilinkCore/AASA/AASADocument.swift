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
        /// iOS 9-era files give `details` as a dictionary keyed by app ID; iOS still reads
        /// them. Kept so that encoding writes the file back in its own form.
        public var detailsKeyedByAppID: Bool

        public init(
            apps: [String]? = nil, defaults: ComponentDefaults? = nil, substitutionVariables: [String: [String]]? = nil,
            details: [Detail], detailsKeyedByAppID: Bool = false
        ) {
            self.apps = apps
            self.defaults = defaults
            self.substitutionVariables = substitutionVariables
            self.details = details
            self.detailsKeyedByAppID = detailsKeyedByAppID
        }

        enum CodingKeys: String, CodingKey {
            case apps, defaults, substitutionVariables, details
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            apps = try container.decodeIfPresent([String].self, forKey: .apps)
            defaults = try container.decodeIfPresent(ComponentDefaults.self, forKey: .defaults)
            substitutionVariables = try container.decodeIfPresent([String: [String]].self, forKey: .substitutionVariables)
            if let keyed = try? container.decode([String: Detail].self, forKey: .details) {
                // JSON objects have no order; each app ID appears once, so none is needed.
                details = keyed.sorted { $0.key < $1.key }.map { appID, detail in
                    var detail = detail
                    detail.appID = appID
                    return detail
                }
                detailsKeyedByAppID = true
            } else {
                details = try container.decode([Detail].self, forKey: .details)
                detailsKeyedByAppID = false
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(apps, forKey: .apps)
            try container.encodeIfPresent(defaults, forKey: .defaults)
            try container.encodeIfPresent(substitutionVariables, forKey: .substitutionVariables)
            if detailsKeyedByAppID {
                let keyed = Dictionary(
                    details.map { detail in
                        var entry = detail
                        entry.appID = nil
                        return (detail.appID ?? "", entry)
                    }, uniquingKeysWith: { first, _ in first })
                try container.encode(keyed, forKey: .details)
            } else {
                try container.encode(details, forKey: .details)
            }
        }
    }

    /// One entry of `applinks.details`: which apps, and which URLs they open.
    public struct Detail: Sendable, Equatable, Codable {
        public var appID: String?
        public var appIDs: [String]?
        public var components: [Component]?
        public var paths: [String]?
        public var defaults: ComponentDefaults?

        public init(
            appID: String? = nil, appIDs: [String]? = nil, components: [Component]? = nil, paths: [String]? = nil, defaults: ComponentDefaults? = nil
        ) {
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

    /// `defaults` at the `applinks` or the detail level: any component key, patterns and
    /// `exclude` included, inherited by every component that does not set it.
    public typealias ComponentDefaults = Component

    /// One rule of a detail's `components` (or the `defaults` its keys fall back to).
    public struct Component: Sendable, Equatable, Codable {
        public var path: String?
        public var query: QueryPattern?
        public var fragment: String?
        public var exclude: Bool?
        public var caseSensitive: Bool?
        public var percentEncoded: Bool?
        public var comment: String?

        public init(
            path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil,
            caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
            self.comment = comment
        }

        /// Each key this component leaves out, taken from `defaults` (nearest first).
        public func inheriting(_ defaults: [Component?]) -> Component {
            var merged = self
            for case let fallback? in defaults {
                merged.path = merged.path ?? fallback.path
                merged.query = merged.query ?? fallback.query
                merged.fragment = merged.fragment ?? fallback.fragment
                merged.exclude = merged.exclude ?? fallback.exclude
                merged.caseSensitive = merged.caseSensitive ?? fallback.caseSensitive
                merged.percentEncoded = merged.percentEncoded ?? fallback.percentEncoded
            }
            return merged
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
