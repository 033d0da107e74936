public import Foundation

/// One counted click, as the recorder stores it.
public struct ClickRecord: Sendable, Equatable {
    public var clickID: String
    public var appID: String
    public var linkID: String?
    public var time: Date
    public var host: String
    public var path: String
    public var platform: ClickPlatform
    public var outcome: ClickOutcome
    public var inAppBrowser: String?
    /// Set for mobile clicks that may lead to an install.
    public var pending: PendingClick?
    /// The next step of a click already recorded (the preview's button, carrying its click
    /// id to the alternate host): it updates that click instead of counting a new one.
    public var continuesClick: Bool
    /// The link's campaign, for webhooks' campaign filter and payload.
    public var campaign: String?
    /// A scanner's or a robot's click (`nil`: a person's): counted apart.
    public var traffic: Traffic?
    /// The A/B variant the visitor was given.
    public var variant: String?
    /// The visitor's country (ISO 3166-1) by the operator's database, "" for an address it
    /// does not place, `nil` without a database: only this is kept of where they are.
    public var country: String?
    /// The routing rule that gave the destination, for the by-rule numbers (`nil`: the link
    /// and its app have no rules).
    public var rule: RuleHit?

    public init(
        clickID: String, appID: String, linkID: String?, time: Date, host: String, path: String,
        platform: ClickPlatform, outcome: ClickOutcome, inAppBrowser: String? = nil, pending: PendingClick? = nil,
        continuesClick: Bool = false, campaign: String? = nil, traffic: Traffic? = nil, variant: String? = nil, country: String? = nil,
        rule: RuleHit? = nil
    ) {
        self.variant = variant
        self.country = country
        self.rule = rule
        self.clickID = clickID
        self.appID = appID
        self.linkID = linkID
        self.time = time
        self.host = host
        self.path = path
        self.platform = platform
        self.outcome = outcome
        self.inAppBrowser = inAppBrowser
        self.pending = pending
        self.continuesClick = continuesClick
        self.campaign = campaign
        self.traffic = traffic
    }
}

/// Clicks of one link grouped by day, platform and outcome.
public struct ClickCount: Sendable, Equatable {
    /// `2026-11-22` (UTC).
    public var day: String
    public var platform: String
    public var outcome: String
    public var count: Int

    public init(day: String, platform: String, outcome: String, count: Int) {
        self.day = day
        self.platform = platform
        self.outcome = outcome
        self.count = count
    }
}
