public import Foundation

/// An app's webhook: where its events go, which ones, and the secrets that sign them.
public struct WebhookSubscription: Sendable, Equatable {
    /// `whk_` + random.
    public var id: String
    public var appID: String
    public var url: String
    public var events: Set<WebhookEventType>
    /// Only this link's events, when set.
    public var linkID: String?
    /// Only events of links of this campaign, when set.
    public var campaign: String?
    /// Clicks of scanners and bots too (off: people's only).
    public var includesAutomated: Bool
    public var isEnabled: Bool
    /// `whsec_...`: kept to sign with (HMAC needs it), shown once.
    public var secret: String
    /// The secret before the last rotation, which signs too until `previousUntil`.
    public var previousSecret: String?
    public var previousUntil: Date?
    public var createdAt: Date
    public var updatedAt: Date
    /// Since when every delivery has failed (`nil`: the last one went through).
    public var failingSince: Date?
    /// Why the server turned it off, when it did.
    public var disabledReason: String?

    public init(
        id: String, appID: String, url: String, events: Set<WebhookEventType>, linkID: String? = nil, campaign: String? = nil,
        includesAutomated: Bool = false, isEnabled: Bool = true, secret: String, previousSecret: String? = nil, previousUntil: Date? = nil,
        createdAt: Date, updatedAt: Date, failingSince: Date? = nil, disabledReason: String? = nil
    ) {
        self.id = id
        self.appID = appID
        self.url = url
        self.events = events
        self.linkID = linkID
        self.campaign = campaign
        self.includesAutomated = includesAutomated
        self.isEnabled = isEnabled
        self.secret = secret
        self.previousSecret = previousSecret
        self.previousUntil = previousUntil
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.failingSince = failingSince
        self.disabledReason = disabledReason
    }

    /// The secrets that sign a delivery at `now`: the current one, and the previous one
    /// while its grace period lasts.
    public func secrets(at now: Date) -> [String] {
        guard let previousSecret, let previousUntil, previousUntil > now else { return [secret] }
        return [secret, previousSecret]
    }
}

/// What a subscription may ask for: Standard Webhooks' dotted types.
public enum WebhookEventType: Sendable, Hashable, Comparable, Codable, RawRepresentable {
    case click, install, open, reinstall
    case linkCreated, linkUpdated, linkDeleted
    /// A custom event the SDK reports, by its name (`custom.purchase`).
    case custom(String)

    public static let fixed: [WebhookEventType] = [.click, .install, .open, .reinstall, .linkCreated, .linkUpdated, .linkDeleted]

    public init?(rawValue: String) {
        if let known = Self.fixed.first(where: { $0.rawValue == rawValue }) {
            self = known
            return
        }
        guard rawValue.hasPrefix("custom."), case let name = String(rawValue.dropFirst(7)), (1...64).contains(name.count),
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
        else { return nil }
        self = .custom(name)
    }

    public var rawValue: String {
        switch self {
        case .click: "click"
        case .install: "install"
        case .open: "open"
        case .reinstall: "reinstall"
        case .linkCreated: "link.created"
        case .linkUpdated: "link.updated"
        case .linkDeleted: "link.deleted"
        case .custom(let name): "custom." + name
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
