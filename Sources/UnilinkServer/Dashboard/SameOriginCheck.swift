import Foundation
import HTTPTypes

/// A dashboard form must come from the dashboard's own pages: a request whose browser says
/// it came from another site (`Sec-Fetch-Site: cross-site` or `same-site`), or whose
/// `Origin` names another host, is refused before it can sign anyone in (login CSRF) or
/// change anything. Scripts that send neither header (curl, a test client) are not
/// browsers, and have no ambient cookie to abuse.
enum SameOriginCheck {
    /// Why `fields` show a cross-site request to `host` (the `Host` the request named), or `nil`.
    static func refusal(_ fields: HTTPFields, host: String) -> String? {
        if let site = fields[Self.secFetchSite]?.lowercased(), site == "cross-site" || site == "same-site" {
            return "the browser says this form was sent from another site (Sec-Fetch-Site: \(site))"
        }
        guard let origin = fields[.origin] else { return nil }
        guard let authority = Self.authority(of: origin), authority == host.lowercased() else {
            return "the form was sent from \(origin.prefix(100)), not from this dashboard"
        }
        return nil
    }

    /// `https://Admin.Example.com:8443` -> `admin.example.com:8443`; `nil` for `null` or nonsense.
    static func authority(of origin: String) -> String? {
        guard let range = origin.range(of: "://") else { return nil }
        let authority = origin[range.upperBound...].prefix { $0 != "/" }
        return authority.isEmpty ? nil : authority.lowercased()
    }

    private static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
