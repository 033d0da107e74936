import UnilinkAPI

/// What an opened link asks of the running app's version (FDL's `imv`, `amv`): the
/// link's minimum for the platform and, when the app is older, where to update it.
public struct UpdateRequirement: Sendable, Equatable {
    public var minimum: String
    public var requiresUpdate: Bool
    /// The store page to update from, when the app is too old.
    public var storeURL: String?
    /// The link's web page, for a user who will not update now.
    public var fallbackURL: String?

    /// `nil` when the link sets no minimum for `os`. An app version that cannot be read
    /// is not held against the user.
    public init?(_ link: ResolvedLink, os: UserAgent.OS, appVersion: String?) {
        let versions = link.content.minAppVersion
        guard let minimum = os == .android ? versions?.android : versions?.ios else { return nil }
        self.minimum = minimum
        if let running = appVersion.flatMap(AppVersion.init), let required = AppVersion(minimum) {
            requiresUpdate = running < required
        } else {
            requiresUpdate = false
        }
        guard requiresUpdate else { return }
        storeURL = os == .android ? link.app.playStoreURL(referrer: nil) : link.app.appStoreURL
        fallbackURL = link.webPage
    }
}
