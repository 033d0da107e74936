import Foundation

/// Names the field and the problem of a JSON body that did not decode.
enum DecodingProblem {
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : "'" + keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[") + "'"
        }
        switch error {
        case .typeMismatch(let type, let context): return "\(path(context)) must be \(Self.name(of: type))"
        case .valueNotFound(let type, let context): return "\(path(context)) must be \(Self.name(of: type)), not null"
        case .keyNotFound(let key, _): return "'\(key.stringValue)' is required"
        case .dataCorrupted(let context):
            if context.debugDescription.hasPrefix("must be ") { return "\(path(context)) \(context.debugDescription)" }
            return context.codingPath.isEmpty ? "the body is not valid JSON" : "\(path(context)) is not valid"
        @unknown default: return "the body could not be read"
        }
    }

    static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}
