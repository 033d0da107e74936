import Foundation

/// Rows keep their domain value as a JSON document; columns beside it exist only for
/// lookups and constraints. Pending clicks, written for every mobile click, leave what
/// their columns hold out of the document (`PendingClickDocument`).
enum JSONDocument {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return try decoder.decode(type, from: Data(text.utf8))
    }
}
