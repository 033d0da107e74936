/// What a request's User-Agent says about the visitor: platform, device class, the
/// app whose in-app browser shows the page, and whether it is a link-preview crawler.
public struct UserAgent: Sendable, Equatable, Hashable {
    public enum OS: String, Sendable, Codable, CaseIterable {
        /// `harmony`: HarmonyOS NEXT (OpenHarmony underneath, no Android apps). HarmonyOS 2 to 4
        /// run Android apps and say `Android`: they are `android`.
        case ios, android, harmony, macos, windows, linux, chromeos, other
    }

    public enum Device: String, Sendable, Codable, CaseIterable {
        case phone, tablet, desktop, bot, other
    }

    /// The app hosting an in-app browser (or `webview` for an unnamed one).
    public enum App: String, Sendable, Codable, CaseIterable {
        case facebook, messenger, instagram, threads, wechat, qq, weibo, line, telegram, twitter
        case linkedin, snapchat, tiktok, pinterest, whatsapp, google, kakaotalk, reddit, zalo, dingtalk, webview

        /// Hosts that block custom schemes and often universal links on a phone: the visitor
        /// must be told to open the page in the system browser (the `overlay` of the app's rows
        /// in `InAppBrowserTable.builtIn`).
        public var blocksAppLinks: Bool {
            let table = InAppBrowserTable.builtIn
            return table.row(self, on: .ios)?.overlay == true || table.row(self, on: .android)?.overlay == true
        }
    }

    /// Link-preview crawlers and other robots.
    public enum Bot: String, Sendable, Codable, CaseIterable {
        case facebook, imessage, twitter, slack, telegram, whatsapp, discord, linkedin
        case skype, apple, google, pinterest, other
    }

    public var os: OS
    /// Dotted (`17.5.1`), as far as the User-Agent tells.
    public var osVersion: String?
    public var device: Device
    public var app: App?
    public var bot: Bot?
    /// A hardware model when the User-Agent carries one (`iPhone15,2`, `SM-S918B`, `Pixel 8`).
    public var model: String?
    /// Safari's Mac string, which an iPad asking for desktop sites sends too: the desktop
    /// answer carries a check of the touch screen (`ClickDecision.touchCheck`).
    public var mayBeIPad: Bool

    public init(
        os: OS, osVersion: String? = nil, device: Device, app: App? = nil, bot: Bot? = nil, model: String? = nil, mayBeIPad: Bool = false
    ) {
        self.os = os
        self.osVersion = osVersion
        self.device = device
        self.app = app
        self.bot = bot
        self.model = model
        self.mayBeIPad = mayBeIPad
    }

    public var isCrawler: Bool { bot != nil }
    public var isMobile: Bool { (os == .ios || os == .android) && (device == .phone || device == .tablet) }
    /// A HarmonyOS NEXT phone or tablet: it opens apps through App Linking, installs them from AppGallery.
    public var isHarmonyMobile: Bool { os == .harmony && (device == .phone || device == .tablet) }
}
