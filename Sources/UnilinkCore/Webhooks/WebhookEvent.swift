public import Foundation

/// Something that happened, as webhooks tell it: Standard Webhooks' body
/// `{"type", "timestamp", "data"}` and what subscriptions filter on. Never carries an
/// address or a raw User-Agent.
public struct WebhookEvent: Sendable, Equatable {
    public var appID: String
    /// `click`, `install`, `link.created`, `custom.purchase`, or `webhook.test`.
    public var type: String
    public var linkID: String?
    public var campaign: String?
    /// A scanner's or a bot's click, which subscriptions get only when they ask for it.
    public var automated: Bool
    public var time: Date
    /// The `data` object, as JSON.
    public var data: Data

    public init(appID: String, type: String, linkID: String?, campaign: String? = nil, automated: Bool = false, time: Date, data: Data) {
        self.appID = appID
        self.type = type
        self.linkID = linkID
        self.campaign = campaign
        self.automated = automated
        self.time = time
        self.data = data
    }

    public static let testType = "webhook.test"

    /// The "send test event" button's event, for one subscription whatever it subscribed to.
    public static func test(for webhook: WebhookSubscription) -> WebhookEvent {
        WebhookEvent(
            appID: webhook.appID, type: testType, linkID: nil, time: .now,
            data: encoded(["webhook_id": webhook.id, "message": "A test event from Unilink"]))
    }

    /// The bytes that are sent and signed.
    public var body: Data {
        var body = Data(#"{"type":"#.utf8)
        body.append(Self.json(type))
        body.append(Data(#","timestamp":"#.utf8))
        body.append(Self.json(time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))))
        body.append(Data(#","data":"#.utf8))
        body.append(data)
        body.append(UInt8(ascii: "}"))
        return body
    }

    /// A click, as recorded.
    public static func click(_ click: ClickRecord) -> WebhookEvent {
        let data = ClickData(
            clickID: click.clickID, linkID: click.linkID, campaign: click.campaign, host: click.host, path: click.path,
            platform: click.platform.rawValue, outcome: click.outcome.rawValue, source: click.inAppBrowser,
            traffic: (click.traffic ?? .person).rawValue, continues: click.continuesClick)
        return WebhookEvent(
            appID: click.appID, type: WebhookEventType.click.rawValue, linkID: click.linkID, campaign: click.campaign,
            automated: click.traffic?.isAutomated ?? false, time: click.time, data: encoded(data))
    }

    public static func encoded(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    private static func json(_ text: String) -> Data {
        (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
    }

    private struct ClickData: Encodable {
        var clickID: String
        var linkID: String?
        var campaign: String?
        var host: String
        var path: String
        var platform: String
        var outcome: String
        var source: String?
        var traffic: String
        /// The preview's button: the same click going on, not a new one.
        var continues: Bool

        enum CodingKeys: String, CodingKey {
            case clickID = "click_id", linkID = "link_id", campaign, host, path, platform, outcome, source, traffic, continues
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(clickID, forKey: .clickID)
            try container.encode(linkID, forKey: .linkID)
            try container.encode(campaign, forKey: .campaign)
            try container.encode(host, forKey: .host)
            try container.encode(path, forKey: .path)
            try container.encode(platform, forKey: .platform)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(source, forKey: .source)
            try container.encode(traffic, forKey: .traffic)
            try container.encode(continues, forKey: .continues)
        }
    }
}

extension WebhookSubscription {
    /// Whether this subscription gets `event` (the test event goes to one subscription by
    /// name, not through here).
    public func wants(_ event: WebhookEvent) -> Bool {
        guard isEnabled, appID == event.appID, let type = WebhookEventType(rawValue: event.type), events.contains(type) else { return false }
        if let linkID, linkID != event.linkID { return false }
        if let campaign, campaign != event.campaign { return false }
        return !event.automated || includesAutomated
    }
}
