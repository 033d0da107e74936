extension UserAgent {
    /// Classifies a User-Agent header. Runs on every click: one pass finds every token
    /// (`UserAgentFeatures`), then the decisions are bit tests; no regular expressions,
    /// allocation only for a long version or model.
    public init(_ header: String) {
        var header = header
        self = header.withUTF8 { UserAgent(text: UTF8Text(bytes: $0)) }
    }

    init(text: UTF8Text) {
        let features = UserAgentFeatures(text)
        let bot = Self.bot(features, text)
        let (os, device) = Self.platform(features)
        self.init(os: os, osVersion: Self.osVersion(text, os: os), device: device, app: nil, bot: bot, model: Self.model(text, os: os))
        if bot != nil {
            self.device = .bot
        } else {
            // Desktop apps host browsers too (WeChat for Windows and Mac, Facebook for Windows).
            app = Self.app(features, os: os)
        }
        if device == .desktop, os == .macos, Self.isIPadInDesktopMode(features) {
            (self.os, self.device) = (.ios, .tablet)
            self.osVersion = nil
            self.app = Self.app(features, os: .ios)
        } else if device == .desktop, os == .macos, bot == nil, app == nil, Self.isSafariOnAMac(features) {
            mayBeIPad = true
        }
    }

    private static func bot(_ text: UserAgentFeatures, _ bytes: UTF8Text) -> Bot? {
        // Messages previews say Facebook's and X's crawler names on a Mac Safari UA; other
        // previewers (IRC clients, scripts) borrow the pair from another platform.
        if text.has(.facebookexternalhit), text.has(.twitterbot) { return text.has(.macintosh) ? .imessage : .other }
        if text.has(.facebookexternalhit) || text.has(.facebot) || bytes.hasPrefix("facebot") || text.has(.facebookcatalog)
            || text.has(.facebookplatform) || text.has(.facebookBot) || text.has(.metaExternalAgent)
        {
            return .facebook
        }
        if text.has(.twitterbot) { return .twitter }
        if text.has(.slackbot) || text.has(.slackImgProxy) { return .slack }
        if text.has(.telegramBot) { return .telegram }
        if bytes.hasPrefix("WhatsApp/") { return .whatsapp }
        if text.has(.discordbot) { return .discord }
        if text.has(.linkedInBot) { return .linkedin }
        if text.has(.skypeUriPreview) { return .skype }
        if text.has(.applebot) || text.has(.aasaBot) || text.has(.appleNewsBot) { return .apple }
        if text.has(.googlebot) || text.has(.googleInspectionTool) || text.has(.adsBotGoogle) || text.has(.mediapartnersGoogle)
            || text.has(.apisGoogle) || text.has(.feedFetcherGoogle) || text.has(.googleOther) || text.has(.storebotGoogle)
            || text.has(.googlePageRenderer) || text.has(.googleReadAloud) || text.has(.googleImageProxy)
            || text.has(.googleWebPreview) || text.has(.googleFavicon) || text.has(.googleSiteVerification)
        {
            return .google
        }
        if text.has(.pinterestbot) || text.has(.pinterestComBot) { return .pinterest }
        if text.has(.slurp) || text.has(.embedly) || text.has(.iframely) || text.has(.vkShare) || text.has(.snapURLPreview)
            || text.has(.microsoftPreview) || text.has(.mastodon) || text.has(.blueskyCardyb) || text.has(.iaArchiver) || text.has(.qwantify)
            || text.has(.bingPreview) || text.has(.headlessChrome) || text.has(.viber) && !text.has(.mozilla)
        {
            return .other
        }
        if text.has(.botWord) || text.has(.capitalBotWord) || text.has(.crawler) || text.has(.capitalCrawler) || text.has(.spider)
            || text.has(.capitalSpider)
        {
            // An Android device's model can hold the words (`Cubot X50`, `M bot 54`, `Spider 8`):
            // in an Android string they count outside its first parenthesis, the device's.
            // Robots on an Android string name themselves after it (`… (compatible; PetalBot)`).
            guard text.has(.android), let open = bytes.offset(of: "("), let close = bytes.offset(of: ")", from: open),
                let android = bytes.offset(of: "Android"), android > open, android < close
            else { return .other }
            return hasRobotWord(bytes.prefix(open)) || hasRobotWord(bytes.dropFirst(close + 1)) ? .other : nil
        }
        return nil
    }

    /// The generic words of `bot(_:_:)`, spelt as `UserAgentFeatures` finds them.
    private static func hasRobotWord(_ text: UTF8Text) -> Bool {
        text.containsWord("bot") || text.containsWord("Bot") || text.contains("crawler") || text.contains("Crawler") || text.contains("spider")
            || text.contains("Spider")
    }

    private static func platform(_ text: UserAgentFeatures) -> (OS, Device) {
        // Windows Phone 8.1 says `Android` and `like iPhone OS` too. (Apple's device names
        // count only at a word's start: Android models such as `inoiPad Pro`, `HiPad X` or
        // `TechniPhone 5` are not iPads; Outlook for iOS says `Outlook-iOS-Android`.)
        if text.has(.windowsPhone) { return (.other, .phone) }
        if text.has(.iPad) { return (.ios, .tablet) }
        if text.has(.iPhone) || text.has(.iPod) { return (.ios, .phone) }
        // ArkWeb's string names the device type first (`Phone`, `Tablet`, `PC` for a 2-in-1),
        // then `OpenHarmony` and its version; it never says `Android`, which HarmonyOS 2 to 4 do.
        if text.has(.openHarmony) {
            if text.has(.tablet) { return (.harmony, .tablet) }
            return (.harmony, text.has(.harmonyPC) ? .desktop : .phone)
        }
        if text.has(.android) {
            if text.has(.tablet) { return (.android, .tablet) }
            return (.android, text.has(.mobile) ? .phone : .tablet)
        }
        if text.has(.smartTVDash) || text.has(.smartTV) || text.has(.playStation) || text.has(.xbox) || text.has(.web0S) || text.has(.appleTV) {
            return (.other, .other)
        }
        if text.has(.crOS) { return (.chromeos, .desktop) }
        if text.has(.windowsNT) || text.has(.windows10) || text.has(.win64) { return (.windows, .desktop) }
        if text.has(.macintosh) || text.has(.macOSX) { return (.macos, .desktop) }
        if text.has(.linux) || text.has(.x11) { return (.linux, .desktop) }
        return (.other, .other)
    }

    /// iPadOS asks for desktop sites with a Mac User-Agent; apps' web views on iPad
    /// still give themselves away with a `Mobile/` build token or an iPad model, and
    /// Chrome, Edge and Firefox for iOS with their own tokens (`CriOS/`, `EdgiOS/`,
    /// `FxiOS/`), which no browser on a Mac sends.
    private static func isIPadInDesktopMode(_ text: UserAgentFeatures) -> Bool {
        text.has(.macintosh)
            && (text.has(.spaceMobileSlash) || text.has(.fbdvIPad) || text.has(.criOS) || text.has(.edgiOS) || text.has(.fxiOS))
    }

    /// Safari's string on a Mac, which Safari on an iPad asking for desktop sites sends
    /// byte for byte: only the page can tell (a touch screen). Chrome, Edge and Opera on a
    /// Mac say `Chrome/`, Firefox has no `Version/`.
    private static func isSafariOnAMac(_ text: UserAgentFeatures) -> Bool {
        text.has(.macintosh) && text.has(.versionSlash) && text.has(.safariSlash) && !text.has(.chromeSlash)
    }

    private static func app(_ text: UserAgentFeatures, os: OS) -> App? {
        if text.has(.fbanMessenger) || text.has(.fbIABMessenger) || text.has(.fbIABOrcaAndroid) { return .messenger }
        if text.has(.fban) || text.has(.fbIAB) || text.has(.fbav) || text.has(.metaIABFacebook) { return .facebook }
        if text.has(.instagram) { return .instagram }
        if text.has(.barcelona) { return .threads }
        if text.has(.microMessenger) || text.has(.wxwork) { return .wechat }
        if text.has(.qq) { return .qq }
        if text.has(.weibo) || text.has(.underscoreWeibo) { return .weibo }
        if text.has(.line) { return .line }
        if text.has(.telegramAndroid) || text.has(.telegramIOS) { return .telegram }
        if text.has(.twitterForIP) || text.has(.twitterAndroid) || text.has(.twitterForAndroid) { return .twitter }
        if text.has(.linkedInApp) { return .linkedin }
        if text.has(.snapchat) { return .snapchat }
        if text.has(.musicalLy) || text.has(.bytedanceWebview) || text.has(.tikTok) || text.has(.trill) { return .tiktok }
        if text.has(.pinterestSlash) || text.has(.bracketPinterest) { return .pinterest }
        if text.has(.waIOS) || text.has(.wa4A) { return .whatsapp }
        if text.has(.gsa) || text.has(.googleApp) { return .google }
        if text.has(.kakaotalk) { return .kakaotalk }
        if text.has(.redditSlash) || text.has(.redditAndroid) { return .reddit }
        if text.has(.zalo) { return .zalo }
        if text.has(.dingTalk) { return .dingtalk }
        if os == .android, text.has(.androidWebView) { return .webview }
        // Safari always names its version (`Version/`), even where it drops `Safari/`; web views name neither.
        if os == .ios, !text.has(.safariSlash), !text.has(.versionSlash), text.has(.appleWebKit) { return .webview }
        return nil
    }
}
