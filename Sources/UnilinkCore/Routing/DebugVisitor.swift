/// One kind of visitor the link debugger plays: a real User-Agent of its kind and what the
/// request cannot tell (whether the app is installed). One of each that `ClickRouter`
/// tells apart.
public struct DebugVisitor: Sendable, Equatable, Identifiable {
    /// Stable, for the page's element ids (`visitor-iphone-no-app`) and the tests.
    public var id: String
    public var name: String
    public var userAgent: String
    /// The app is installed: universal links / App Links may open it before any request.
    public var hasApp: Bool
    /// The link carries a valid `ul_installed` marker (an e-mail to a known user of the app).
    public var knownInstalled: Bool

    public init(id: String, name: String, userAgent: String, hasApp: Bool = false, knownInstalled: Bool = false) {
        self.id = id
        self.name = name
        self.userAgent = userAgent
        self.hasApp = hasApp
        self.knownInstalled = knownInstalled
    }

    public static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    public static let android =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"

    /// ArkWeb's default string on a HarmonyOS NEXT phone (Huawei's "UserAgent" guide), as Huawei Browser sends it.
    public static let harmonyPhone =
        "Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300"

    public static let desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

    public static let all: [DebugVisitor] = [
        DebugVisitor(id: "desktop", name: "Desktop browser", userAgent: desktop),
        DebugVisitor(id: "iphone-no-app", name: "iPhone, app not installed", userAgent: iPhone),
        DebugVisitor(id: "iphone-app", name: "iPhone, app installed", userAgent: iPhone, hasApp: true),
        DebugVisitor(
            id: "iphone-marked-installed", name: "iPhone, universal link did not fire, link marked ul_installed", userAgent: iPhone,
            knownInstalled: true),
        DebugVisitor(
            id: "ipad-no-app", name: "iPad, app not installed",
            userAgent:
                "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"),
        DebugVisitor(id: "android-no-app", name: "Android (Chrome), app not installed", userAgent: android),
        DebugVisitor(id: "android-app", name: "Android (Chrome), app installed", userAgent: android, hasApp: true),
        DebugVisitor(id: "harmony-no-app", name: "HarmonyOS NEXT phone, app not installed", userAgent: harmonyPhone),
        DebugVisitor(id: "harmony-app", name: "HarmonyOS NEXT phone, app installed", userAgent: harmonyPhone, hasApp: true),
        DebugVisitor(
            id: "wechat-iphone", name: "WeChat on iPhone",
            userAgent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/en"
        ),
        DebugVisitor(
            id: "instagram-iphone", name: "Instagram on iPhone",
            userAgent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 Instagram 356.0.0.24.74 (iPhone15,3; iOS 18_1; en_US; en; scale=3.00; 1290x2796; 657434534)"
        ),
        DebugVisitor(
            id: "facebook-iphone", name: "Facebook on iPhone",
            userAgent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/473.0.0.34.108;FBBV/635414428;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/0]"
        ),
        DebugVisitor(
            id: "line-iphone", name: "LINE on iPhone",
            userAgent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.1.0"),
        DebugVisitor(
            id: "facebook-android", name: "Facebook on Android",
            userAgent:
                "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/478.0.0.43.115;]"
        ),
        DebugVisitor(
            id: "zalo-android", name: "Zalo on Android",
            userAgent:
                "Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 Zalo android/12100634 ZaloTheme/light ZaloLanguage/vi"
        ),
        DebugVisitor(id: "crawler", name: "Link-preview crawler (Slack)", userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"),
    ]
}
