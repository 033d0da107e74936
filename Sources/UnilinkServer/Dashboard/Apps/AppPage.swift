import Foundation
import NIOCore
import UnilinkAPI
import UnilinkCore

/// An app's page: its identities and keys, a page of its links, each host with the files
/// it serves and what the validator says of them, and the snippets the app's project needs.
struct AppPage: DashboardPage {
    struct LinkRow: Sendable {
        let id: String
        let url: String
        let path: String
        let value: String?
        let campaign: String
        let created: String
    }

    struct Host: Sendable {
        let name: String
        let role: String
        let aasa: String
        let assetlinks: String
        let issues: [String]
        /// `nil` when the validator finds nothing.
        let issuesCount: Int?
    }

    static let template = "app"
    var title: String
    var appID: String
    var appName: String
    /// The app's admins (and owners) edit it, manage its members and webhooks and read its audit log.
    var admin: Bool
    /// Editors and above create and change links.
    var editor: Bool
    /// The app's people and their roles.
    var members: [Member] = []
    var publishableKey: String
    var ios: String
    var android: String
    var web: String
    var links: [LinkRow]
    var query: String
    /// The search, when there was one (said when nothing matched it).
    var searched: String?
    /// The cursor of the next, older page of links.
    var next: String?
    var hosts: [Host]
    var entitlements: String
    var intentFilter: String
    /// Right after the app was created: its secret key, shown once.
    var secretKey: String?
    var notice: String?
    var session: PageSession?

    struct Member: Sendable {
        let user: String
        let email: String
        let name: String
        let role: String
    }

    init(app: App, snapshot: HostDirectory.Snapshot, admin: Bool, editor: Bool, links: [LinkRow], query: String, next: String?) {
        title = app.name
        appID = app.id
        appName = app.name
        self.admin = admin
        self.editor = editor
        publishableKey = snapshot.publishableKeyOfApp[app.id] ?? ""
        ios = app.ios.map { "\($0.teamID).\($0.bundleID)" + ($0.appStoreID.map { " · App Store \($0)" } ?? "") } ?? "not set"
        android = app.android.map { $0.package } ?? "not set"
        web = app.web.fallbackURL ?? "not set"
        self.links = links
        self.query = query
        searched = query.isEmpty ? nil : query
        self.next = next
        hosts = app.domains.compactMap { domain in
            guard let host = snapshot.hosts[domain.host] else { return nil }
            let aasa = Data(host.associationFile.readableBytesView)
            let issues = AASAValidator().validate(aasa).map(\.description)
            return Host(
                name: domain.host, role: domain.role.rawValue, aasa: Self.pretty(aasa),
                assetlinks: Self.pretty(Data(host.assetLinks.readableBytesView)),
                issues: issues, issuesCount: issues.isEmpty ? nil : issues.count)
        }
        entitlements = app.domains.map { "applinks:\($0.host)" }.joined(separator: "\n")
        intentFilter = Self.intentFilter(app)
    }

    static func row(_ link: Link, shown body: LinkBody) -> LinkRow {
        let campaign = [body.campaign?.channel, body.campaign?.campaign, body.campaign?.source].compactMap { $0 }.joined(separator: " · ")
        return LinkRow(
            id: link.id, url: body.shortURL ?? body.longURL ?? link.id, path: body.path ?? "", value: body.deepLinkValue,
            campaign: campaign, created: Timestamp.format(link.createdAt))
    }

    static func pretty(_ data: Data) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: data),
            let text = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else {
            return String(decoding: data, as: UTF8.self)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The intent filter for App Links on every host, verified with the served assetlinks.json.
    static func intentFilter(_ app: App) -> String {
        let hosts = app.domains.map { "        <data android:host=\"\($0.host)\" />" }.joined(separator: "\n")
        return """
            <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" />
            \(hosts)
            </intent-filter>
            """
    }
}
