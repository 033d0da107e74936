import Crypto
import Foundation
import UnilinkStorage

/// A random 32-byte secret made once per installation and kept in the database, so
/// every instance shares it.
enum StoredSecret {
    static func load(_ name: String, from store: SQLStore) async throws -> Data {
        if let stored = try await store.setting(name), let data = Data(base64Encoded: stored), data.count == 32 {
            return data
        }
        let secret = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
        let stored = try await store.setting(name, orInsert: secret.base64EncodedString())
        guard let data = Data(base64Encoded: stored), data.count == 32 else {
            throw StoreError.invalidInput("the stored setting '\(name)' is not a 32-byte secret")
        }
        return data
    }
}
