import UnilinkAPI

/// The paths every host answers the same way, an app's link hosts included: the API, the
/// SDK files, the association files and the system endpoints. The rest of a link host's
/// paths are its links; the rest of any other host's, the dashboard's.
enum SharedPaths {
    /// Folders: everything below them.
    static let folders = ["/v1/", "/sdk/", "/.well-known/"]
    /// Single files, matched whole (so an alias `healthz-2` is a link, not `/healthz`).
    static let files: Set<String> = [
        APIPath.appleAssociationAtRoot, APIPath.robots, APIPath.health, APIPath.readiness, APIPath.metrics, APIPath.openAPI,
    ]

    static func contains(_ path: String) -> Bool {
        files.contains(path) || folders.contains { path.hasPrefix($0) }
    }
}
