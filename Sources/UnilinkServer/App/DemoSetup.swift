import Foundation
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// On an empty database: a demo app on `*.localhost` hosts (browsers and curl resolve
/// them to loopback) and one link, so a newcomer has something to click at once.
enum DemoSetup {
    struct Demo: Sendable {
        let appID: String
        let secretKey: String
        let publishableKey: String
        let linkCode: String
    }

    static let hosts = (primary: "link.localhost", alternate: "open.localhost", short: "go.localhost")

    static func createIfEmpty(store: SQLStore) async throws -> Demo? {
        guard try await store.apps().isEmpty else { return nil }
        let now = Date.now
        let app = App(
            id: Identifiers.appID(), name: "Unilink Demo",
            ios: .init(teamID: "ABCDE12345", bundleID: "com.example.unilinkdemo", appStoreID: "1234567890", scheme: "unilinkdemo"),
            android: .init(
                package: "com.example.unilinkdemo", scheme: "unilinkdemo",
                sha256CertFingerprints: [Array(repeating: "AB", count: 32).joined(separator: ":")]),
            web: .init(fallbackURL: "https://www.example.com/", allowedHosts: ["www.example.com"]),
            domains: [
                .init(host: hosts.primary, role: .primary), .init(host: hosts.alternate, role: .alternate), .init(host: hosts.short, role: .short),
            ],
            paths: ["/p/*", "/u/*"], excludePaths: ["/help/*"], createdAt: now
        )
        let secret = Identifiers.secretKey(), publishable = Identifiers.publishableKey()
        do {
            try await store.insert(
                app: app,
                keys: [
                    AppKey(hash: Identifiers.hash(secret), appID: app.id, kind: .secret),
                    AppKey(hash: Identifiers.hash(publishable), appID: app.id, kind: .publishable, publishable: publishable),
                ])
        } catch StoreError.hostTaken {
            // Another instance, started at the same moment, made the demo.
            return nil
        }
        let link = Link(
            id: Identifiers.linkID(at: now), appID: app.id, code: ShortCode.make(), alias: "welcome",
            content: LinkContent(
                path: "/p/welcome", deepLinkValue: "welcome", ref: "demo", webURL: "https://www.example.com/welcome",
                social: .init(
                    title: "Welcome to Unilink",
                    description: "This link opens the app on an iPhone or Android phone, the store when the app is missing, and the web on a desktop."
                )
            ),
            createdAt: now, updatedAt: now
        )
        try await store.insert(links: [link])
        return Demo(appID: app.id, secretKey: secret, publishableKey: publishable, linkCode: link.code)
    }
}
