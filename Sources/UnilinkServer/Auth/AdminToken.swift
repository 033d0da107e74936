import UnilinkStorage

/// The admin token: given by configuration or generated once, stored hashed.
enum AdminToken {
    static let settingName = "admin_token_sha256"
    static let minimumLength = 24

    /// Why a configured token is too easy to guess, or `nil`: shorter than `minimumLength`,
    /// or so few distinct characters that its length means little (`aaaa...`, `abcabc...`).
    /// Generated tokens are 32 random bytes and always pass.
    static func weakness(of token: String) -> String? {
        if token.count < minimumLength {
            return "is only \(token.count) character\(token.count == 1 ? "" : "s") long (at least \(minimumLength) needed)"
        }
        if Set(token).count < 8 { return "has only \(Set(token).count) different characters" }
        return nil
    }

    /// Makes sure a token exists; returns it when it was just created (to print once).
    static func ensure(configured: String?, store: SQLStore) async throws -> String? {
        if let configured {
            try await store.setSetting(settingName, to: Identifiers.hash(configured))
            return nil
        }
        if try await store.setting(settingName) != nil { return nil }
        let token = Identifiers.adminToken()
        // Another instance may have made one at the same moment: only the stored one is shown.
        let stored = try await store.setting(settingName, orInsert: Identifiers.hash(token))
        return stored == Identifiers.hash(token) ? token : nil
    }
}
