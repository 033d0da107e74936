/// `POST /v1/sdk/deferred`: the app's first launch after install.
public struct DeferredRequest: Codable, Sendable, Equatable {
    public struct Device: Codable, Sendable, Equatable {
        public var os: AppPlatform
        public var osVersion: String?
        /// `iPhone16,2`, `SM-S918B`.
        public var model: String?
        public var screenWidth: Int?
        public var screenHeight: Int?
        public var screenScale: Double?
        public var languages: [String]?
        public var timeZone: String?

        public init(
            os: AppPlatform, osVersion: String? = nil, model: String? = nil, screenWidth: Int? = nil, screenHeight: Int? = nil,
            screenScale: Double? = nil, languages: [String]? = nil, timeZone: String? = nil
        ) {
            self.os = os
            self.osVersion = osVersion
            self.model = model
            self.screenWidth = screenWidth
            self.screenHeight = screenHeight
            self.screenScale = screenScale
            self.languages = languages
            self.timeZone = timeZone
        }

        enum CodingKeys: String, CodingKey {
            case os, osVersion = "os_version", model, screenWidth = "screen_width", screenHeight = "screen_height"
            case screenScale = "screen_scale", languages, timeZone = "time_zone"
        }
    }

    /// Random per install, made by the SDK and kept for the install's life.
    public var installID: String
    public var appVersion: String?
    public var device: Device
    /// Android: the Play Install Referrer string.
    public var installReferrer: String?
    /// iOS, opt-in: the token the preview page's button copied.
    public var pasteboardToken: String?
    /// The app would rather have a plausible link than none: answers below the app's
    /// `min_match_confidence` come back as `found` with `match_type` `weak`.
    public var allowWeakMatch: Bool?

    public init(
        installID: String, appVersion: String? = nil, device: Device, installReferrer: String? = nil, pasteboardToken: String? = nil,
        allowWeakMatch: Bool? = nil
    ) {
        self.installID = installID
        self.appVersion = appVersion
        self.device = device
        self.installReferrer = installReferrer
        self.pasteboardToken = pasteboardToken
        self.allowWeakMatch = allowWeakMatch
    }

    enum CodingKeys: String, CodingKey {
        case installID = "install_id", appVersion = "app_version", device
        case installReferrer = "install_referrer", pasteboardToken = "pasteboard_token", allowWeakMatch = "allow_weak_match"
    }
}

/// `POST /v1/clicks/{click_id}/signals`: what only the browser knows.
public struct ClickSignals: Codable, Sendable, Equatable {
    public var screenWidth: Int?
    public var screenHeight: Int?
    public var screenScale: Double?
    public var timeZone: String?
    public var languages: [String]?

    public init(screenWidth: Int? = nil, screenHeight: Int? = nil, screenScale: Double? = nil, timeZone: String? = nil, languages: [String]? = nil) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.screenScale = screenScale
        self.timeZone = timeZone
        self.languages = languages
    }

    enum CodingKeys: String, CodingKey {
        case screenWidth = "screen_width", screenHeight = "screen_height", screenScale = "screen_scale"
        case timeZone = "time_zone", languages
    }
}

/// `POST /v1/sdk/events`.
public struct EventRequest: Codable, Sendable, Equatable {
    public var installID: String
    /// `open`, `install` or `custom`.
    public var type: EventType
    public var name: String?
    public var clickID: String?
    /// The stored link an open came from (the resolve answer's `click_event.link_id`).
    public var linkID: String?
    public var properties: [String: String]?

    public init(
        installID: String, type: EventType, name: String? = nil, clickID: String? = nil, linkID: String? = nil, properties: [String: String]? = nil
    ) {
        self.installID = installID
        self.type = type
        self.name = name
        self.clickID = clickID
        self.linkID = linkID
        self.properties = properties
    }

    enum CodingKeys: String, CodingKey {
        case installID = "install_id", type, name, clickID = "click_id", linkID = "link_id", properties
    }
}
