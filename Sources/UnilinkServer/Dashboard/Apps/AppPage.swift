import Foundation
import NIOCore
import UnilinkAPI
import UnilinkCore

/// An app's page: its identities and keys, a page of its links, each host with the files
/// it serves and what the validator says of them, and the snippets the app's project needs.
struct AppPage: DashboardPage {
    /// What the app is on one platform, each field labelled.
    struct Platform: Sendable {
        struct Field: Sendable {
            let label: String
            let value: String
        }

        let name: String
        let fields: [Field]
        /// False: the app is not on this platform.
        let configured: Bool

        init(name: String, fields: [Field]) {
            self.name = name
            self.fields = fields
            configured = !fields.isEmpty
        }
    }

    struct Host: Sendable {
        let name: String
        let role: String
        let aasa: String
        let assetlinks: String
        let applinking: String
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
    var platforms: [Platform]
    var list: LinkListSection
    var hosts: [Host]
    var entitlements: String
    var intentFilter: String
    /// Right after the app was created: its secret key, shown once.
    var secretKey: String?
    var notice: String?
    /// A bulk action that was refused, and why.
    var error: String?
    var session: PageSession?

    struct Member: Sendable {
        let user: String
        let email: String
        let name: String
        let role: String
    }

    init(app: App, snapshot: HostDirectory.Snapshot, admin: Bool, editor: Bool, list: LinkListSection) {
        title = app.name
        appID = app.id
        appName = app.name
        self.admin = admin
        self.editor = editor
        publishableKey = snapshot.publishableKeyOfApp[app.id] ?? ""
        platforms = Self.platforms(app)
        self.list = list
        hosts = app.domains.compactMap { domain in
            guard let host = snapshot.hosts[domain.host] else { return nil }
            let aasa = Data(host.associationFile.readableBytesView)
            let issues = AASAValidator().validate(aasa).map(\.description)
            return Host(
                name: domain.host, role: domain.role.rawValue, aasa: Self.pretty(aasa),
                assetlinks: Self.pretty(Data(host.assetLinks.readableBytesView)),
                applinking: Self.pretty(Data(host.appLinking.readableBytesView)),
                issues: issues, issuesCount: issues.isEmpty ? nil : issues.count)
        }
        entitlements = app.domains.map { "applinks:\($0.host)" }.joined(separator: "\n")
        intentFilter = Self.intentFilter(app)
    }

    static func platforms(_ app: App) -> [Platform] {
        typealias Field = Platform.Field
        let ios = app.ios.map { ios in
            [Field(label: "Team id", value: ios.teamID), Field(label: "Bundle id", value: ios.bundleID)]
                + [ios.appStoreID.map { Field(label: "App Store id", value: $0) }, ios.scheme.map { Field(label: "URL scheme", value: "\($0)://") }]
                .compactMap { $0 }
        }
        let android = app.android.map { android in
            [Field(label: "Package", value: android.package)]
                + [android.scheme.map { Field(label: "URL scheme", value: "\($0)://") }].compactMap { $0 }
                + [Field(label: "Signing certificates", value: "\(android.sha256CertFingerprints.count) SHA-256 fingerprint(s)")]
        }
        let harmony = app.harmony.map { harmony in
            [Field(label: "Bundle name", value: harmony.bundleName)]
                + [
                    Field(
                        label: "App Linking APP IDs",
                        value: harmony.appIdentifiers.isEmpty
                            ? "none: applinking.json lists no app"
                            : harmony.appIdentifiers.map { entry in entry.index.map { "\(entry.appIdentifier) (index \($0))" } ?? entry.appIdentifier
                            }
                            .joined(separator: ", ")),
                    Field(label: "AppGallery", value: app.appGalleryURL ?? ""),
                ]
                + [harmony.scheme.map { Field(label: "URL scheme", value: "\($0)://") }].compactMap { $0 }
        }
        let web =
            [Field(label: "Fallback", value: app.web.fallbackURL ?? "none: visitors without the app see the preview page")]
            + (app.web.allowedHosts.isEmpty ? [] : [Field(label: "Other allowed hosts", value: app.web.allowedHosts.joined(separator: ", "))])
        return [
            Platform(name: "iOS", fields: ios ?? []), Platform(name: "Android", fields: android ?? []),
            Platform(name: "HarmonyOS NEXT", fields: harmony ?? []), Platform(name: "Web", fields: web),
        ]
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
