public import Foundation

/// Builds the association file Unilink serves for an app's hosts.
public struct AASAGenerator: Sendable {
    /// What an app declares about itself.
    public struct App: Sendable, Equatable {
        /// `TEAMID.bundle.id`, the main app first.
        public var appIDs: [String]
        /// Paths the app opens (`/u/*`), in the app's order.
        public var paths: [String]
        /// Paths that must stay in the browser (`/help/*`); they win over `paths`.
        public var excludedPaths: [String]
        /// Also list the apps under `webcredentials` (password autofill).
        public var webCredentials: Bool
        /// App Clip IDs for `appclips`.
        public var appClipIDs: [String]

        public init(appIDs: [String], paths: [String], excludedPaths: [String] = [], webCredentials: Bool = false, appClipIDs: [String] = []) {
            self.appIDs = appIDs
            self.paths = paths
            self.excludedPaths = excludedPaths
            self.webCredentials = webCredentials
            self.appClipIDs = appClipIDs
        }
    }

    /// Also emit a legacy `paths` entry per app ID, for iOS 12 and older.
    public var includeLegacyPaths: Bool

    public init(includeLegacyPaths: Bool = true) {
        self.includeLegacyPaths = includeLegacyPaths
    }

    /// One detail per app ID, each readable by both formats' parsers: `appIDs` +
    /// `components` for iOS 13+, `appID` + `paths` for older systems. Exclusions come
    /// first because the first matching rule decides.
    public func document(for app: App) -> AASADocument {
        let components =
            app.excludedPaths.map { AASADocument.Component(path: $0, exclude: true) }
            + app.paths.map { AASADocument.Component(path: $0) }
        let legacyPaths = app.excludedPaths.map { "NOT " + $0 } + app.paths
        let details = app.appIDs.map { appID in
            AASADocument.Detail(
                appID: includeLegacyPaths ? appID : nil,
                appIDs: [appID],
                components: components,
                paths: includeLegacyPaths ? legacyPaths : nil
            )
        }
        return AASADocument(
            applinks: .init(apps: includeLegacyPaths ? [] : nil, details: details),
            webcredentials: app.webCredentials ? .init(apps: app.appIDs) : nil,
            appclips: app.appClipIDs.isEmpty ? nil : .init(apps: app.appClipIDs)
        )
    }

    /// The bytes to serve: deterministic for the same input.
    public func data(for app: App) -> Data {
        document(for: app).jsonData()
    }
}
