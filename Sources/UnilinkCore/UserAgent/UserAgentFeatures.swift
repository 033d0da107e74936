#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every token the classifier asks about, found in one pass over the header. At each
/// byte the next four bytes, read as one integer, are looked up in a small open-addressed
/// table of the tokens' first four bytes (built once); only a hit compares the rest, and
/// the three-byte tokens are three integer comparisons. A browser's header costs about
/// one table probe per byte; nothing is allocated.
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
        case windowsNT, windows10, win64, macOSX, linux, x11, spaceMobileSlash, fbdvIPad, openHarmony, harmonyPC
        // In-app browsers
        case fbanMessenger, fbIABMessenger, fbIABOrcaAndroid, fban, fbIAB, fbav, metaIABFacebook, instagram, barcelona, microMessenger, wxwork
        case qq, weibo, underscoreWeibo, line, telegramAndroid, telegramIOS, twitterForIP, twitterAndroid, twitterForAndroid, linkedInApp
        case snapchat, musicalLy, bytedanceWebview, tikTok, trill, pinterestSlash, bracketPinterest, waIOS, wa4A, gsa, googleApp, kakaotalk
        case redditSlash, redditAndroid, zalo, dingTalk, androidWebView, safariSlash, versionSlash, appleWebKit
        // Browsers of iPadOS asking for desktop sites, and Chrome's token on a desktop
        case criOS, edgiOS, fxiOS, chromeSlash
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
        (.openHarmony, "OpenHarmony"), (.harmonyPC, "(PC;"),
        (.fbanMessenger, "FBAN/Messenger"), (.fbIABMessenger, "FB_IAB/MESSENGER"), (.fbIABOrcaAndroid, "FB_IAB/Orca-Android"),
        (.fban, "FBAN/"), (.fbIAB, "FB_IAB/"), (.fbav, "FBAV/"), (.metaIABFacebook, "MetaIAB Facebook"), (.instagram, "Instagram "),
        (.barcelona, "Barcelona "), (.microMessenger, "MicroMessenger"), (.wxwork, "wxwork/"), (.qq, " QQ/"), (.weibo, "Weibo"),
        (.underscoreWeibo, "__weibo__"), (.line, " Line/"), (.telegramAndroid, "Telegram-Android/"), (.telegramIOS, "Telegram-iOS/"),
        (.twitterForIP, "Twitter for iP"), (.twitterAndroid, "TwitterAndroid"), (.twitterForAndroid, "Twitter for Android"),
        (.linkedInApp, "LinkedInApp"), (.snapchat, "Snapchat"), (.musicalLy, "musical_ly"), (.bytedanceWebview, "BytedanceWebview"),
        (.tikTok, "TikTok"), (.trill, "trill_"), (.pinterestSlash, "Pinterest/"), (.bracketPinterest, "[Pinterest"), (.waIOS, "WAiOS/"),
        (.wa4A, "WA4A/"), (.gsa, "GSA/"), (.googleApp, "GoogleApp/"), (.kakaotalk, "KAKAOTALK"), (.redditSlash, "Reddit/"),
        (.redditAndroid, "RedditAndroid"), (.zalo, "Zalo"), (.dingTalk, "DingTalk/"), (.androidWebView, "; wv)"), (.safariSlash, "Safari/"),
        (.versionSlash, "Version/"),
        (.appleWebKit, "AppleWebKit/"), (.criOS, "CriOS/"), (.edgiOS, "EdgiOS/"), (.fxiOS, "FxiOS/"), (.chromeSlash, "Chrome/"),
    ]

    /// Tokens that count only when a word ends after them (`bingbot/2.0`, not `CUBOT`).
    private static let wordTokens: Set<Token> = [.botWord, .capitalBotWord]
    /// Tokens that count only where no letter comes before them: Apple's device names
    /// (`(iPad;`, `FBDV/iPhone15,2`), not Android models that hold them (`inoiPad Pro`,
    /// `HiPad X`, `MiPad 3`, `TechniPhone 5`).
    private static let wordStartTokens: Set<Token> = [.iPad, .iPhone, .iPod]

    private struct Spelling {
        let start: UnsafePointer<UInt8>
        let length: Int
        let bit: Int
        let needsWordEnd: Bool
        let needsWordStart: Bool
    }

    /// Spellings sharing their first four bytes, as a run of `Table.spellings`.
    private struct Slot {
        var key: UInt32 = 0
        var first: UInt16 = 0
        var end: UInt16 = 0
    }

    private struct Table {
        static let slotBits: UInt32 = 9
        var spellings: [Spelling] = []
        var slots = [Slot](repeating: Slot(), count: 1 << Int(slotBits))
        /// The three-byte tokens, as their bytes in the low 24 bits.
        var short: [(key: UInt32, spelling: Spelling)] = []

        static func index(_ key: UInt32) -> Int {
            Int((key &* 0x9E37_79B1) >> (32 - slotBits))
        }
    }

    /// Built once and never changed; the pointers are into static strings.
    nonisolated(unsafe) private static let table: Table = {
        var table = Table()
        var byKey: [UInt32: [Spelling]] = [:]
        for (token, text) in spellings {
            let spelling = Spelling(
                start: text.utf8Start, length: text.utf8CodeUnitCount, bit: token.rawValue, needsWordEnd: wordTokens.contains(token),
                needsWordStart: wordStartTokens.contains(token))
            let bytes = UnsafeBufferPointer(start: text.utf8Start, count: min(4, spelling.length))
            let key = bytes.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            if spelling.length == 3 {
                table.short.append((key, spelling))
            } else {
                byKey[key, default: []].append(spelling)
            }
        }
        for (key, run) in byKey.sorted(by: { $0.key < $1.key }) {
            var index = Table.index(key)
            while table.slots[index].key != 0 { index = (index + 1) & (table.slots.count - 1) }
            table.slots[index] = Slot(key: key, first: UInt16(table.spellings.count), end: UInt16(table.spellings.count + run.count))
            table.spellings += run
        }
        return table
    }()

    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ text: UTF8Text) {
        let bytes = text.bytes
        guard let base = bytes.baseAddress, bytes.count >= 3 else { return }
        let count = bytes.count
        let table = Self.table
        table.spellings.withUnsafeBufferPointer { spellings in
            table.slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                for position in 0...(count - 3) {
                    let key: UInt32 =
                        position + 4 <= count
                        ? UInt32(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self))
                        : UInt32(base[position]) | UInt32(base[position + 1]) << 8 | UInt32(base[position + 2]) << 16
                    let three = key & 0x00FF_FFFF
                    for short in table.short where short.key == three {
                        record(short.spelling, at: position, base, count)
                    }
                    guard position + 4 <= count else { continue }
                    var index = Table.index(key)
                    while slots[index].key != 0 {
                        if slots[index].key == key {
                            for run in Int(slots[index].first)..<Int(slots[index].end) {
                                let spelling = spellings[run]
                                if spelling.length <= count - position, memcmp(base + position + 4, spelling.start + 4, spelling.length - 4) == 0 {
                                    record(spelling, at: position, base, count)
                                }
                            }
                            break
                        }
                        index = (index + 1) & mask
                    }
                }
            }
        }
    }

    private mutating func record(_ spelling: Spelling, at position: Int, _ base: UnsafePointer<UInt8>, _ count: Int) {
        if spelling.needsWordEnd, position + spelling.length < count, !Self.endsWord(base[position + spelling.length]) { return }
        if spelling.needsWordStart, position > 0, Self.isLetter(base[position - 1]) { return }
        insert(spelling.bit)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
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
