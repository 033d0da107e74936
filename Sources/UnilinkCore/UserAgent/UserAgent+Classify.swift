extension UserAgent {
    /// Classifies a User-Agent header. Runs on every click: plain byte searches with
    /// static tokens, no regular expressions, allocation only for the version and model.
    public init(_ header: String) {
        var header = header
        self = header.withUTF8 { UserAgent(text: UTF8Text(bytes: $0)) }
    }

    init(text: UTF8Text) {
        let bot = Self.bot(text)
        let (os, device) = Self.platform(text)
        self.init(os: os, osVersion: Self.osVersion(text, os: os), device: device, app: nil, bot: bot, model: Self.model(text, os: os))
        if bot != nil {
            self.device = .bot
        } else {
            // Desktop apps host browsers too (WeChat for Windows and Mac, Facebook for Windows).
            app = Self.app(text, os: os)
        }
        if device == .desktop, os == .macos, Self.isIPadInDesktopMode(text) {
            (self.os, self.device) = (.ios, .tablet)
            self.osVersion = nil
            self.app = Self.app(text, os: .ios)
        }
    }

    private static func bot(_ text: UTF8Text) -> Bot? {
        // Messages previews say Facebook's and X's crawler names on a Mac Safari UA; other
        // previewers (IRC clients, scripts) borrow the pair from another platform.
        if text.contains("facebookexternalhit"), text.contains("Twitterbot") { return text.contains("Macintosh") ? .imessage : .other }
        if text.contains("facebookexternalhit") || text.contains("Facebot") || text.hasPrefix("facebot") || text.contains("facebookcatalog")
            || text.contains("facebookplatform") || text.contains("FacebookBot") || text.contains("meta-externalagent") { return .facebook }
        if text.contains("Twitterbot") { return .twitter }
        if text.contains("Slackbot") || text.contains("Slack-ImgProxy") { return .slack }
        if text.contains("TelegramBot") { return .telegram }
        if text.hasPrefix("WhatsApp/") { return .whatsapp }
        if text.contains("Discordbot") { return .discord }
        if text.contains("LinkedInBot") { return .linkedin }
        if text.contains("SkypeUriPreview") { return .skype }
        if text.contains("Applebot") || text.contains("AASA-Bot") || text.contains("AppleNewsBot") { return .apple }
        if text.contains("Googlebot") || text.contains("Google-InspectionTool") || text.contains("AdsBot-Google") || text.contains("Mediapartners-Google")
            || text.contains("APIs-Google") || text.contains("FeedFetcher-Google") || text.contains("GoogleOther") || text.contains("Storebot-Google")
            || text.contains("Google-PageRenderer") || text.contains("Google-Read-Aloud") || text.contains("GoogleImageProxy")
            || text.contains("Google Web Preview") || text.contains("Google Favicon") || text.contains("Google-Site-Verification") { return .google }
        if text.contains("Pinterestbot") || text.contains("pinterest.com/bot") { return .pinterest }
        if text.containsWord("bot") || text.containsWord("Bot") || text.contains("crawler") || text.contains("Crawler") || text.contains("spider")
            || text.contains("Spider") || text.contains("Slurp") || text.contains("Embedly") || text.contains("Iframely") || text.contains("vkShare")
            || text.contains("Snap URL Preview") || text.contains("MicrosoftPreview") || text.contains("Mastodon/") || text.contains("Bluesky Cardyb")
            || text.contains("ia_archiver") || text.contains("Qwantify") || text.contains("BingPreview") || text.contains("HeadlessChrome")
            || text.contains("Viber") && !text.contains("Mozilla") {
            return .other
        }
        return nil
    }

    private static func platform(_ text: UTF8Text) -> (OS, Device) {
        if text.contains("iPad") { return (.ios, .tablet) }
        if text.contains("iPhone") || text.contains("iPod") { return (.ios, .phone) }
        if text.contains("Windows Phone") { return (.other, .phone) }
        if text.contains("Android") {
            if text.contains("Tablet") { return (.android, .tablet) }
            return (.android, text.contains("Mobile") ? .phone : .tablet)
        }
        if text.contains("SMART-TV") || text.contains("SmartTV") || text.contains("PlayStation") || text.contains("Xbox") || text.contains("Web0S") || text.contains("AppleTV") {
            return (.other, .other)
        }
        if text.contains("CrOS") { return (.chromeos, .desktop) }
        if text.contains("Windows NT") || text.contains("Windows 10") || text.contains("Win64") { return (.windows, .desktop) }
        if text.contains("Macintosh") || text.contains("Mac OS X") { return (.macos, .desktop) }
        if text.contains("Linux") || text.contains("X11") { return (.linux, .desktop) }
        return (.other, .other)
    }

    /// iPadOS asks for desktop sites with a Mac User-Agent; apps' web views on iPad
    /// still give themselves away with a `Mobile/` build token or an iPad model.
    private static func isIPadInDesktopMode(_ text: UTF8Text) -> Bool {
        text.contains("Macintosh") && (text.contains(" Mobile/") || text.contains("FBDV/iPad"))
    }

    private static func app(_ text: UTF8Text, os: OS) -> App? {
        if text.contains("FBAN/Messenger") || text.contains("FB_IAB/MESSENGER") || text.contains("FB_IAB/Orca-Android") { return .messenger }
        if text.contains("FBAN/") || text.contains("FB_IAB/") || text.contains("FBAV/") || text.contains("MetaIAB Facebook") { return .facebook }
        if text.contains("Instagram ") { return .instagram }
        if text.contains("Barcelona ") { return .threads }
        if text.contains("MicroMessenger") || text.contains("wxwork/") { return .wechat }
        if text.contains(" QQ/") { return .qq }
        if text.contains("Weibo") || text.contains("__weibo__") { return .weibo }
        if text.contains(" Line/") { return .line }
        if text.contains("Telegram-Android/") || text.contains("Telegram-iOS/") { return .telegram }
        if text.contains("Twitter for iP") || text.contains("TwitterAndroid") || text.contains("Twitter for Android") { return .twitter }
        if text.contains("LinkedInApp") { return .linkedin }
        if text.contains("Snapchat") { return .snapchat }
        if text.contains("musical_ly") || text.contains("BytedanceWebview") || text.contains("TikTok") || text.contains("trill_") { return .tiktok }
        if text.contains("Pinterest/") || text.contains("[Pinterest") { return .pinterest }
        if text.contains("WAiOS/") || text.contains("WA4A/") { return .whatsapp }
        if text.contains("GSA/") || text.contains("GoogleApp/") { return .google }
        if text.contains("KAKAOTALK") { return .kakaotalk }
        if text.contains("Reddit/") || text.contains("RedditAndroid") { return .reddit }
        if os == .android, text.contains("; wv)") { return .webview }
        // Safari always names its version (`Version/`), even where it drops `Safari/`; web views name neither.
        if os == .ios, !text.contains("Safari/"), !text.contains("Version/"), text.contains("AppleWebKit/") { return .webview }
        return nil
    }
}
