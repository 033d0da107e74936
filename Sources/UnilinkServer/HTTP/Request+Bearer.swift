import Foundation
import HTTPTypes
import Hummingbird

extension Request {
    /// `Authorization: Bearer <token>`, the scheme matched without regard to case (RFC 9110).
    var bearerToken: String? {
        guard let header = headers[.authorization], header.lowercased().hasPrefix("bearer ") else { return nil }
        let token = header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
