/// Every path of the v1 API, as the server registers it and the SDK, the CLI and the
/// OpenAPI document name it. `{id}` and `{click_id}` are path parameters (`filled`).
public enum APIPath {
    public static let apps = "/v1/apps"
    public static let app = "/v1/apps/{id}"
    public static let appKeyRotation = "/v1/apps/{id}/keys/rotate"
    public static let appStats = "/v1/apps/{id}/stats"
    public static let appClicksCSV = "/v1/apps/{id}/clicks.csv"
    public static let audit = "/v1/audit"
    public static let appWebhooks = "/v1/apps/{id}/webhooks"
    public static let appWebhook = "/v1/apps/{id}/webhooks/{webhook}"
    public static let appWebhookSecretRotation = "/v1/apps/{id}/webhooks/{webhook}/secret/rotate"
    public static let appWebhookMessages = "/v1/apps/{id}/webhooks/{webhook}/messages"
    public static let appWebhookMessage = "/v1/apps/{id}/webhooks/{webhook}/messages/{message}"
    public static let appWebhookMessageRetry = "/v1/apps/{id}/webhooks/{webhook}/messages/{message}/retry"
    public static let appWebhookRetry = "/v1/apps/{id}/webhooks/{webhook}/retry"
    public static let appWebhookTest = "/v1/apps/{id}/webhooks/{webhook}/test"
    public static let appMembers = "/v1/apps/{id}/members"
    public static let appMember = "/v1/apps/{id}/members/{user}"
    public static let users = "/v1/users"
    public static let user = "/v1/users/{user}"
    public static let userInvitation = "/v1/users/{user}/invitation"
    public static let tokens = "/v1/tokens"
    public static let token = "/v1/tokens/{token}"
    public static let me = "/v1/me"
    public static let links = "/v1/links"
    public static let linkBatch = "/v1/links/batch"
    public static let linkBulk = "/v1/links/bulk"
    public static let tlsAllowed = "/v1/tls/allowed"
    public static let link = "/v1/links/{id}"
    public static let linkStats = "/v1/links/{id}/stats"
    public static let linkVariants = "/v1/links/{id}/variants"
    public static let linkQR = "/v1/links/{id}/qr"
    public static let sdkResolve = "/v1/sdk/resolve"
    public static let sdkDeferred = "/v1/sdk/deferred"
    public static let sdkEvents = "/v1/sdk/events"
    public static let sdkLinks = "/v1/sdk/links"
    public static let clickSignals = "/v1/clicks/{click_id}/signals"
    public static let firebaseShortLinks = "/v1/shortLinks"
    public static let branchURL = "/v1/url"
    public static let branchBulk = "/v1/url/bulk/{branch_key}"
    public static let sdk = "/v1/sdk"
    public static let clicks = "/v1/clicks"

    // Public, on every host.
    public static let appleAssociation = "/.well-known/apple-app-site-association"
    public static let appleAssociationAtRoot = "/apple-app-site-association"
    public static let assetLinks = "/.well-known/assetlinks.json"
    /// HarmonyOS NEXT's App Linking.
    public static let appLinking = "/.well-known/applinking.json"
    public static let robots = "/robots.txt"
    public static let health = "/healthz"
    public static let readiness = "/readyz"
    public static let metrics = "/metrics"
    public static let openAPI = "/openapi.json"
    public static let webSDK = "/sdk/web.js"
    public static let webSDKTryPage = "/sdk/try"
    public static func webSDK(version: String) -> String { "/sdk/web-\(version).js" }

    /// `path` with each `{name}` replaced by its value (percent-encoded as a segment).
    public static func filled(_ path: String, _ values: [String: String]) -> String {
        var result = path
        for (name, value) in values {
            let encoded = value.utf8.map { byte -> String in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    String(UnicodeScalar(byte))
                default: "%" + String(byte, radix: 16, uppercase: true).leftPadded
                }
            }.joined()
            result = result.replacing("{\(name)}", with: encoded)
        }
        return result
    }

    /// `path` below `base` (`"/v1/links/{id}/qr"` below `"/v1/links"` is `"{id}/qr"`),
    /// for registering a route on the group of `base`.
    public static func relative(_ path: String, to base: String) -> String {
        guard path.hasPrefix(base) else { return path }
        return String(path.dropFirst(base.count).drop(while: { $0 == "/" }))
    }
}

extension String {
    fileprivate var leftPadded: String { count < 2 ? "0" + self : self }
}
