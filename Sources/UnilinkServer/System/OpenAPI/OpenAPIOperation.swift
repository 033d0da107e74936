import HTTPTypes
import UnilinkCore

/// One operation of `/openapi.json`: a method on a path, its credential, parameters, body
/// and every status it can answer.
struct OpenAPIOperation: Sendable {
    enum Credential: String, Sendable, CaseIterable {
        /// The management API: a person's API token with `scope` (their role must allow it
        /// too), an app's secret key where the scope is one a secret key has, or the admin token.
        case apiToken
        case admin, secretKey, publishableKey, firebaseKey
    }

    struct Parameter: Sendable {
        enum Place: String, Sendable { case query, path, header }
        let name: String
        let place: Place
        let schema: JSONSchema
        var required = false
        var summary: String?
    }

    /// A JSON request body: a component's name, and whether it must be sent.
    struct Body: Sendable, ExpressibleByStringLiteral {
        let schema: String
        var isRequired = true

        init(stringLiteral schema: String) { self.schema = schema }

        static func optional(_ schema: String) -> Body {
            var body = Body(stringLiteral: schema)
            body.isRequired = false
            return body
        }
    }

    struct Answer: Sendable {
        enum Shape: Sendable {
            /// No body.
            case empty
            /// A JSON body of this schema (`nil`: any JSON).
            case json(JSONSchema?)
            /// A body of another media type.
            case media([String])
        }

        let status: Int
        let summary: String
        var shape: Shape = .empty
        /// Response headers worth naming (`Retry-After`, `Location`, `Allow`).
        var headers: [String: String] = [:]
    }

    let method: HTTPRequest.Method
    let path: String
    let summary: String
    var credential: Credential?
    /// What an API token needs for it (`nil` with `.apiToken`: the caller's own account).
    var scope: Scope?
    var parameters: [Parameter] = []
    var body: Body?
    var answers: [Answer]
}

extension OpenAPIOperation.Answer {
    static func json(_ status: Int, _ summary: String, _ schema: String) -> Self {
        .init(status: status, summary: summary, shape: .json(.ref(schema)))
    }

    /// The API's error body, `{"error": {"code", "message"}}`, in the shape of `schema`.
    static func errors(_ statuses: [Int], schema: String = "Error") -> [Self] {
        statuses.map { status in
            var answer = Self(status: status, summary: Self.meaning[status] ?? "An error", shape: .json(.ref(schema)))
            if status == 429 || status == 503 { answer.headers["Retry-After"] = "Seconds to wait before trying again." }
            return answer
        }
    }

    static let meaning: [Int: String] = [
        400: "The request does not match this document (the message names the field)",
        401: "No key, a wrong one, or one rotated out",
        403: "The credential lacks the scope or the role for this (the message names what is missing)",
        404: "Not found",
        409: "Conflicts with what is stored (alias_taken, host_taken, ...)",
        410: "Too late",
        413: "The body is larger than the server takes",
        414: "The URL is longer than the server takes",
        422: "Well-formed but refused by a rule this document cannot express (a destination off the allow-list, a link with nothing to open, ...)",
        429: "Rate limited",
        503: "The database or its storage cannot take the request now",
    ]
}
