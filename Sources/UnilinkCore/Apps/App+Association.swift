public import Foundation

extension App {
    /// The AASA document every one of the app's hosts serves. Short hosts claim every
    /// path (any code or alias is a link); primary and alternate hosts claim the app's paths.
    public func associationFile(for role: HostRole) -> Data {
        guard let ios else { return AASADocument(applinks: .init(apps: [], details: [])).jsonData() }
        let declared = AASAGenerator.App(
            appIDs: ios.appIDs,
            paths: role == .short ? ["/*"] : paths,
            excludedPaths: role == .short ? [] : excludePaths
        )
        return AASAGenerator().data(for: declared)
    }

    /// `assetlinks.json`: the Android app may handle every URL on the host.
    public var assetLinksFile: Data {
        struct Statement: Encodable {
            struct Target: Encodable {
                let namespace = "android_app"
                let package_name: String
                let sha256_cert_fingerprints: [String]
            }
            let relation = ["delegate_permission/common.handle_all_urls"]
            let target: Target
        }
        let statements =
            android.map {
                [Statement(target: .init(package_name: $0.package, sha256_cert_fingerprints: $0.sha256CertFingerprints))]
            } ?? []
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(statements)) ?? Data("[]".utf8)
    }

    /// Decides whether `path` on a primary or alternate host is one of this app's links,
    /// with the same matcher iOS uses for the AASA file, so the server and the device agree.
    public var pathClaims: AASAMatcher {
        let claims = AASAGenerator.App(appIDs: [Self.claimsAppID], paths: paths, excludedPaths: excludePaths)
        return AASAMatcher(AASAGenerator(includeLegacyPaths: false).document(for: claims))
    }

    static let claimsAppID = "UNILINK000.paths"
}

extension AASAMatcher {
    /// Whether `path` is claimed by the app whose claims this matcher holds.
    public func claims(path: String, query: String?) -> Bool {
        let url = LinkURL(scheme: "https", host: "claims.invalid", path: path.startsWithSlash ? path : "/" + path, query: query)
        return decide(appID: App.claimsAppID, url: url, host: "claims.invalid").decision == .match
    }
}

/// `robots.txt` for link hosts: crawlers may fetch the association files and previews.
public enum RobotsFile {
    public static let text = """
        User-agent: *
        Allow: /.well-known/apple-app-site-association
        Allow: /apple-app-site-association
        Allow: /.well-known/assetlinks.json
        Allow: /.well-known/applinking.json
        Allow: /

        """
}
