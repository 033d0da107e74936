import Crypto
import Foundation
import UnilinkCore
import UnilinkStorage

/// The `ul_installed` marker: a link's own signature, which only this server can make,
/// that a sender adds for people it knows have the app (an e-mail to a signed-in user).
/// A click carrying it may go straight to the app's scheme; nobody can forge it for
/// another link or another app.
struct InstalledMarker: Sendable {
    static let settingName = "installed_marker_secret"
    private let key: SymmetricKey

    init(secret: Data) {
        key = SymmetricKey(data: secret)
    }

    static func load(from store: SQLStore) async throws -> InstalledMarker {
        InstalledMarker(secret: try await StoredSecret.load(settingName, from: store))
    }

    /// 22 URL-safe characters (128 bits).
    func signature(for link: Link) -> String {
        Base64URL.string(HMAC<SHA256>.authenticationCode(for: Self.message(link), using: key).prefix(16))
    }

    /// The installation's keyed digest of `text` for another purpose (FDL's unguessable
    /// suffixes): deterministic here, unpredictable elsewhere.
    func digest(_ purpose: String, _ text: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Data("\(purpose)\u{0}\(text)".utf8), using: key))
    }

    func isValid(_ marker: Substring, for link: Link) -> Bool {
        marker.utf8.count == 22 && ConstantTime.equals(String(marker), signature(for: link))
    }

    private static func message(_ link: Link) -> Data {
        Data("ul_installed\u{0}\(link.appID)\u{0}\(link.id)".utf8)
    }
}
