import Foundation
public import UnilinkCore

/// The organisation's OpenID Connect provider (`UNILINK_OIDC_*`); without an issuer there
/// is no single sign-on.
public struct SingleSignOnSettings: Sendable {
    /// `https://...`; plain `http://` only on loopback (a provider on the same machine).
    public var issuer: String
    public var clientID: String
    public var clientSecret: String
    /// E-mail domains whose people may sign in (and get an account at their first sign-in);
    /// empty: any domain, and only people who have an account already.
    public var allowedDomains: Set<String>
    /// The ID token's claim that lists the person's groups, and what each group grants.
    public var groupsClaim: String?
    public var groupRoles: GroupRoles
    /// How the sign-in page names the provider.
    public var name: String

    public init(
        issuer: String, clientID: String, clientSecret: String, allowedDomains: Set<String> = [], groupsClaim: String? = nil,
        groupRoles: GroupRoles = GroupRoles(), name: String = "single sign-on"
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.allowedDomains = allowedDomains
        self.groupsClaim = groupsClaim
        self.groupRoles = groupRoles
        self.name = name
    }

    /// Why an issuer URL is not one to trust, or `nil`.
    static func problem(withIssuer issuer: String) -> String? {
        guard let url = URLComponents(string: issuer), let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil else {
            return "is not a URL"
        }
        if url.scheme == "https" { return nil }
        let loopback = host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]"
        return url.scheme == "http" && loopback ? nil : "must be https:// (http:// only for a provider on this machine)"
    }
}
