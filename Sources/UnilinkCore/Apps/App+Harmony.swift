public import Foundation

extension App {
    /// The HarmonyOS NEXT app: what App Linking verifies on every host (`applinking.json`)
    /// and where a phone without the app goes (AppGallery).
    public struct Harmony: Sendable, Equatable, Codable {
        /// One entry of `applinking.json`'s `apps`.
        public struct AppLinkingApp: Sendable, Equatable, Codable {
            /// The app's APP ID in AppGallery Connect (the `app-identifier` of its signing profile).
            public var appIdentifier: String
            /// Huawei's priority among the apps of one host (-100 to 100); absent: not written.
            public var index: Int?

            public init(appIdentifier: String, index: Int? = nil) {
                self.appIdentifier = appIdentifier
                self.index = index
            }
        }

        /// The bundle name AppGallery lists the app under (`com.example.shop`).
        public var bundleName: String
        public var appIdentifiers: [AppLinkingApp]
        /// `nil`: the AppGallery page of `bundleName`.
        public var appGalleryURL: String?
        public var scheme: String?

        public init(bundleName: String, appIdentifiers: [AppLinkingApp] = [], appGalleryURL: String? = nil, scheme: String? = nil) {
            self.bundleName = bundleName
            self.appIdentifiers = appIdentifiers
            self.appGalleryURL = appGalleryURL
            self.scheme = scheme
        }
    }

    /// `applinking.json`, the same on every host of the app: `{"applinking":{"apps":[]}}`
    /// without a HarmonyOS app, never an error.
    public var appLinkingFile: Data {
        struct File: Encodable {
            struct Entry: Encodable {
                let appIdentifier: String
                let index: Int?
            }
            struct Section: Encodable { let apps: [Entry] }
            let applinking: Section
        }
        let entries = harmony?.appIdentifiers.map { File.Entry(appIdentifier: $0.appIdentifier, index: $0.index) } ?? []
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(File(applinking: .init(apps: entries)))) ?? Data(#"{"applinking":{"apps":[]}}"#.utf8)
    }
}
