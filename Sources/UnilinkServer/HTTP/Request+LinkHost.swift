import HTTPTypes
import Hummingbird

extension Request {
    /// The host the visitor asked for. HTTP/1's `Host` header becomes the authority;
    /// a `Host` field still present (test clients, some proxies) wins.
    var linkHost: String {
        headers[Self.hostField] ?? head.authority ?? ""
    }

    private static let hostField = HTTPField.Name("Host")!
}
