#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every token the classifier asks about, found in one pass over the header: each byte
/// looks up the tokens that start with it (a first-byte dispatch table built once), and
/// only those are compared. About as many comparisons as the header has bytes, instead
/// of one scan of the whole header per token; nothing is allocated.
struct UserAgentFeatures {
    enum Token: Int, CaseIterable {
        // Crawlers
        case facebookexternalhit, twitterbot, macintosh, facebot, facebookcatalog, facebookplatform, facebookBot, metaExternalAgent
        case slackbot, slackImgProxy, telegramBot, discordbot, linkedInBot, skypeUriPreview, applebot, aasaBot, appleNewsBot
        case googlebot, googleInspectionTool, adsBotGoogle, mediapartnersGoogle, apisGoogle, feedFetcherGoogle, googleOther, storebotGoogle
        case googlePageRenderer, googleReadAloud, googleImageProxy, googleWebPreview, googleFavicon, googleSiteVerification
        case pinterestbot, pinterestComBot, botWord, capitalBotWord, crawler, capitalCrawler, spider, capitalSpider, slurp, embedly, iframely
        case vkShare, snapURLPreview, microsoftPreview, mastodon, blueskyCardyb, iaArchiver, qwantify, bingPreview, headlessChrome, viber, mozilla
        // Platforms
        case iPad, iPhone, iPod, windowsPhone, android, tablet, mobile, smartTVDash, smartTV, playStation, xbox, web0S, appleTV, crOS
        case windowsNT, windows10, win64, macOSX, linux, x11, spaceMobileSlash, fbdvIPad
        // In-app browsers
        case fbanMessenger, fbIABMessenger, fbIABOrcaAndroid, fban, fbIAB, fbav, metaIABFacebook, instagram, barcelona, microMessenger, wxwork
        case qq, weibo, underscoreWeibo, line, telegramAndroid, telegramIOS, twitterForIP, twitterAndroid, twitterForAndroid, linkedInApp
        case snapchat, musicalLy, bytedanceWebview, tikTok, trill, pinterestSlash, bracketPinterest, waIOS, wa4A, gsa, googleApp, kakaotalk
        case redditSlash, redditAndroid, androidWebView, safariSlash, versionSlash, appleWebKit
    }

    private static let spellings: [(Token, StaticString)] = [
        (.facebookexternalhit, "facebookexternalhit"), (.twitterbot, "Twitterbot"), (.macintosh, "Macintosh"), (.facebot, "Facebot"),
        (.facebookcatalog, "facebookcatalog"), (.facebookplatform, "facebookplatform"), (.facebookBot, "FacebookBot"),
        (.metaExternalAgent, "meta-externalagent"), (.slackbot, "Slackbot"), (.slackImgProxy, "Slack-ImgProxy"), (.telegramBot, "TelegramBot"),
        (.discordbot, "Discordbot"), (.linkedInBot, "LinkedInBot"), (.skypeUriPreview, "SkypeUriPreview"), (.applebot, "Applebot"),
        (.aasaBot, "AASA-Bot"), (.appleNewsBot, "AppleNewsBot"), (.googlebot, "Googlebot"), (.googleInspectionTool, "Google-InspectionTool"),
        (.adsBotGoogle, "AdsBot-Google"), (.mediapartnersGoogle, "Mediapartners-Google"), (.apisGoogle, "APIs-Google"),
        (.feedFetcherGoogle, "FeedFetcher-Google"), (.googleOther, "GoogleOther"), (.storebotGoogle, "Storebot-Google"),
        (.googlePageRenderer, "Google-PageRenderer"), (.googleReadAloud, "Google-Read-Aloud"), (.googleImageProxy, "GoogleImageProxy"),
        (.googleWebPreview, "Google Web Preview"), (.googleFavicon, "Google Favicon"), (.googleSiteVerification, "Google-Site-Verification"),
        (.pinterestbot, "Pinterestbot"), (.pinterestComBot, "pinterest.com/bot"), (.botWord, "bot"), (.capitalBotWord, "Bot"),
        (.crawler, "crawler"), (.capitalCrawler, "Crawler"), (.spider, "spider"), (.capitalSpider, "Spider"), (.slurp, "Slurp"),
        (.embedly, "Embedly"), (.iframely, "Iframely"), (.vkShare, "vkShare"), (.snapURLPreview, "Snap URL Preview"),
        (.microsoftPreview, "MicrosoftPreview"), (.mastodon, "Mastodon/"), (.blueskyCardyb, "Bluesky Cardyb"), (.iaArchiver, "ia_archiver"),
        (.qwantify, "Qwantify"), (.bingPreview, "BingPreview"), (.headlessChrome, "HeadlessChrome"), (.viber, "Viber"), (.mozilla, "Mozilla"),
        (.iPad, "iPad"), (.iPhone, "iPhone"), (.iPod, "iPod"), (.windowsPhone, "Windows Phone"), (.android, "Android"), (.tablet, "Tablet"),
        (.mobile, "Mobile"), (.smartTVDash, "SMART-TV"), (.smartTV, "SmartTV"), (.playStation, "PlayStation"), (.xbox, "Xbox"),
        (.web0S, "Web0S"), (.appleTV, "AppleTV"), (.crOS, "CrOS"), (.windowsNT, "Windows NT"), (.windows10, "Windows 10"), (.win64, "Win64"),
        (.macOSX, "Mac OS X"), (.linux, "Linux"), (.x11, "X11"), (.spaceMobileSlash, " Mobile/"), (.fbdvIPad, "FBDV/iPad"),
        (.fbanMessenger, "FBAN/Messenger"), (.fbIABMessenger, "FB_IAB/MESSENGER"), (.fbIABOrcaAndroid, "FB_IAB/Orca-Android"),
        (.fban, "FBAN/"), (.fbIAB, "FB_IAB/"), (.fbav, "FBAV/"), (.metaIABFacebook, "MetaIAB Facebook"), (.instagram, "Instagram "),
        (.barcelona, "Barcelona "), (.microMessenger, "MicroMessenger"), (.wxwork, "wxwork/"), (.qq, " QQ/"), (.weibo, "Weibo"),
        (.underscoreWeibo, "__weibo__"), (.line, " Line/"), (.telegramAndroid, "Telegram-Android/"), (.telegramIOS, "Telegram-iOS/"),
        (.twitterForIP, "Twitter for iP"), (.twitterAndroid, "TwitterAndroid"), (.twitterForAndroid, "Twitter for Android"),
        (.linkedInApp, "LinkedInApp"), (.snapchat, "Snapchat"), (.musicalLy, "musical_ly"), (.bytedanceWebview, "BytedanceWebview"),
        (.tikTok, "TikTok"), (.trill, "trill_"), (.pinterestSlash, "Pinterest/"), (.bracketPinterest, "[Pinterest"), (.waIOS, "WAiOS/"),
        (.wa4A, "WA4A/"), (.gsa, "GSA/"), (.googleApp, "GoogleApp/"), (.kakaotalk, "KAKAOTALK"), (.redditSlash, "Reddit/"),
        (.redditAndroid, "RedditAndroid"), (.androidWebView, "; wv)"), (.safariSlash, "Safari/"), (.versionSlash, "Version/"),
        (.appleWebKit, "AppleWebKit/"),
    ]

    /// Tokens that count only when a word ends after them (`bingbot/2.0`, not `CUBOT`).
    private static let wordTokens: Set<Token> = [.botWord, .capitalBotWord]

    private struct Spelling {
        let start: UnsafePointer<UInt8>
        let length: Int
        let bit: Int
        let needsWordEnd: Bool
    }

    /// `spellings` sorted by first byte, and where each first byte's run starts. Built once
    /// and never changed; the pointers are into static strings.
    nonisolated(unsafe) private static let table: (spellings: [Spelling], runs: [UInt16]) = {
        let sorted = spellings.map { token, text in
            Spelling(start: text.utf8Start, length: text.utf8CodeUnitCount, bit: token.rawValue, needsWordEnd: wordTokens.contains(token))
        }.sorted { $0.start.pointee < $1.start.pointee }
        var runs = [UInt16](repeating: 0, count: 257)
        for byte in 0..<256 {
            runs[byte + 1] = runs[byte] + UInt16(sorted.count { Int($0.start.pointee) == byte })
        }
        return (sorted, runs)
    }()

    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ text: UTF8Text) {
        let bytes = text.bytes
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        Self.table.spellings.withUnsafeBufferPointer { spellings in
            Self.table.runs.withUnsafeBufferPointer { runs in
                for position in 0..<count {
                    let first = Int(base[position])
                    var index = Int(runs[first]), end = Int(runs[first + 1])
                    while index < end {
                        let spelling = spellings[index]
                        index += 1
                        guard spelling.length <= count - position, memcmp(base + position, spelling.start, spelling.length) == 0 else { continue }
                        if spelling.needsWordEnd, position + spelling.length < count, !Self.endsWord(base[position + spelling.length]) { continue }
                        insert(spelling.bit)
                    }
                }
            }
        }
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: ";"), UInt8(ascii: ")"), UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    private mutating func insert(_ bit: Int) {
        if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
    }

    func has(_ token: Token) -> Bool {
        let bit = token.rawValue
        return bit < 64 ? low & (1 << UInt64(bit)) != 0 : high & (1 << UInt64(bit - 64)) != 0
    }
}
