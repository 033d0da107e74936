public import Foundation

/// What one app's in-app browser can open on one platform: a row of
/// `UserAgent/InAppBrowsers/in-app-browsers.json` (compiled in). `ClickRouter` reads it for
/// every visitor the classifier names an app for; the link debugger shows the row it used.
public struct InAppBrowser: Sendable, Equatable, Decodable {
    public enum Platform: String, Sendable, Equatable, Decodable {
        case ios, android
    }

    /// What a source shows; `unknown` is routed as the safe default of each field.
    public enum Support: String, Sendable, Equatable, Decodable {
        case yes, no, unknown
    }

    /// A way out of the web view into the system browser, where universal links and App
    /// Links work.
    public struct Escape: Sendable, Equatable, Decodable {
        public enum Kind: String, Sendable, Equatable, Decodable {
            /// `value` (`openExternalBrowser=1`) is appended to the link's own URL.
            case query
            /// `value` (`kakaotalk://web/openExternal?url=`) is followed by the link's URL, percent-encoded.
            case scheme
        }

        public var kind: Kind
        public var value: String
        /// The app's maker documents it: only then does the router use it.
        public var documented: Bool
        public var source: String

        public init(kind: Kind, value: String, documented: Bool, source: String) {
            self.kind = kind
            self.value = value
            self.documented = documented
            self.source = source
        }
    }

    public var app: UserAgent.App
    public var platform: Platform
    /// A tap on a link to another host opens the app that claims it.
    public var universalLinks: Support
    /// Chrome's `intent://` URLs launch an app: only `yes` gets one.
    public var intents: Support
    /// Custom schemes (`myapp://`) open: `no` keeps a `ul_installed` visitor off the scheme.
    public var customSchemes: Support
    public var escape: Escape?
    /// The web view blocks app links: the preview with the "open in your browser" overlay.
    public var overlay: Bool
    public var source: String

    public init(
        app: UserAgent.App, platform: Platform, universalLinks: Support = .unknown, intents: Support = .no,
        customSchemes: Support = .unknown, escape: Escape? = nil, overlay: Bool = false, source: String = ""
    ) {
        self.app = app
        self.platform = platform
        self.universalLinks = universalLinks
        self.intents = intents
        self.customSchemes = customSchemes
        self.escape = escape
        self.overlay = overlay
        self.source = source
    }

    /// The escape the router uses: a documented one.
    public var usableEscape: Escape? { escape?.documented == true ? escape : nil }

    /// The row in one sentence, for the link debugger.
    public var summary: String {
        var parts = [
            "universal links / App Links: \(universalLinks.rawValue)", "intent://: \(intents.rawValue)",
            "custom schemes: \(customSchemes.rawValue)",
        ]
        if let escape {
            let how = escape.kind == .query ? "append \(escape.value)" : "\(escape.value)<link>"
            parts.append("escape to the system browser: \(how)" + (escape.documented ? "" : " (not documented by the app's maker: not used)"))
        } else {
            parts.append("no escape to the system browser")
        }
        parts.append(overlay ? "needs the open-in-browser overlay" : "no overlay")
        return "\(app.rawValue) on \(platform.rawValue): " + parts.joined(separator: "; ")
    }
}

/// Every named in-app browser's row, by app and platform. Built once; a look-up is a
/// dictionary probe on the parsed `UserAgent` (no string is scanned, nothing allocated).
public struct InAppBrowserTable: Sendable {
    public let rows: [InAppBrowser]
    private let ios: [UserAgent.App: InAppBrowser]
    private let android: [UserAgent.App: InAppBrowser]

    public struct DataError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The built-in table (compiled in from `UserAgent/InAppBrowsers/in-app-browsers.json`).
    public static let builtIn: InAppBrowserTable = {
        // The file is checked by the tests: a failure here is a build that shipped broken data.
        try! InAppBrowserTable(json: Data(PackageResources.in_app_browsers_json))
    }()

    public init(json: Data) throws {
        struct File: Decodable { var rows: [InAppBrowser] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        try self.init(rows: decoder.decode(File.self, from: json).rows)
    }

    public init(rows: [InAppBrowser]) throws {
        var ios: [UserAgent.App: InAppBrowser] = [:]
        var android: [UserAgent.App: InAppBrowser] = [:]
        for row in rows {
            let previous: InAppBrowser?
            switch row.platform {
            case .ios: previous = ios.updateValue(row, forKey: row.app)
            case .android: previous = android.updateValue(row, forKey: row.app)
            }
            if previous != nil { throw DataError(description: "two rows for \(row.app.rawValue) on \(row.platform.rawValue)") }
            if let escape = row.escape, escape.value.isEmpty {
                throw DataError(description: "\(row.app.rawValue) on \(row.platform.rawValue): an escape needs a value")
            }
        }
        self.rows = rows
        self.ios = ios
        self.android = android
    }

    /// The row of the visitor's in-app browser; `nil` for a browser, or an app on neither
    /// iOS nor Android (desktop apps' browsers open the web page as any browser does).
    public func row(for agent: UserAgent) -> InAppBrowser? {
        guard let app = agent.app else { return nil }
        switch agent.os {
        case .ios: return ios[app]
        case .android: return android[app]
        case .harmony, .macos, .windows, .linux, .chromeos, .other: return nil
        }
    }

    public func row(_ app: UserAgent.App, on platform: InAppBrowser.Platform) -> InAppBrowser? {
        platform == .ios ? ios[app] : android[app]
    }
}
