public import Foundation

extension AASADocument {
    /// Apple refuses association files larger than this.
    public static let maximumSize = 128 * 1024

    /// Decodes a file in either format. Throws `AASAError.malformed` naming the problem.
    public init(json data: Data) throws(AASAError) {
        do {
            self = try JSONDecoder().decode(AASADocument.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(error.readableDescription)
        } catch {
            throw .malformed(String(describing: error))
        }
    }

    public init(json text: String) throws(AASAError) {
        try self.init(json: Data(text.utf8))
    }

    /// Deterministic bytes: sorted keys, unescaped slashes, no whitespace.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs, strings, arrays and dictionaries cannot fail.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}

/// Why an association file or URL could not be used.
public enum AASAError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(String)
    case invalidURL(String)

    public var description: String {
        switch self {
        case .malformed(let reason): "malformed apple-app-site-association: \(reason)"
        case .invalidURL(let url): "not an absolute http(s) URL: \(url)"
        }
    }
}

extension DecodingError {
    /// "applinks.details[0].appIDs: expected an array" rather than Foundation's dump.
    var readableDescription: String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.reduce(into: "") { text, key in
                if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return text.isEmpty ? "the document" : text
        }
        func name(_ type: Any.Type) -> String {
            let text = String(describing: type)
            if text.hasPrefix("Dictionary") { return "an object" }
            if text.hasPrefix("Array") { return "an array" }
            if text == "Bool" { return "true or false" }
            if text == "String" { return "a string" }
            return text
        }
        switch self {
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)): expected \(name(type))"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)): missing \(type) value"
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])): required key is missing"
        case .dataCorrupted(let context): return "\(path(context.codingPath)): not valid JSON"
        @unknown default: return String(describing: self)
        }
    }
}
