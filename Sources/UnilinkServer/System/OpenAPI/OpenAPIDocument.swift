import Foundation
import HTTPTypes
import UnilinkAPI
import UnilinkCore

/// `/openapi.json`: the v1 contract as OpenAPI 3.1, built from the operations (by area)
/// and the wire types' schemas, so a client generated from it calls the server as it is.
/// A test checks the operations against the router's routes, and schemathesis checks the
/// server against the document.
enum OpenAPIDocument {
    static var operations: [OpenAPIOperation] {
        OpenAPIOperation.apps + OpenAPIOperation.audit + OpenAPIOperation.people + OpenAPIOperation.webhooks + OpenAPIOperation.links
            + OpenAPIOperation.sdk
            + OpenAPIOperation.compatibility
            + OpenAPIOperation.everyHost
    }

    static let json: String = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The document is built from constants: failing to encode it is a programming error.
        let data = try! encoder.encode(Document(operations: operations, schemas: WireSchemas.components))
        return String(decoding: data, as: UTF8.self)
    }()

    struct Document: Encodable {
        let operations: [OpenAPIOperation]
        let schemas: [String: JSONSchema]
        typealias Key = JSONSchema.Key

        func encode(to encoder: any Encoder) throws {
            var root = encoder.container(keyedBy: Key.self)
            try root.encode("3.1.0", forKey: Key("openapi"))
            try root.encode(
                ["title": "Unilink", "version": "1.0.0", "description": "Self-hosted universal links and deferred deep links."],
                forKey: Key("info"))
            var components = root.nestedContainer(keyedBy: Key.self, forKey: Key("components"))
            try components.encode(schemas, forKey: Key("schemas"))
            var schemes = components.nestedContainer(keyedBy: Key.self, forKey: Key("securitySchemes"))
            for credential in OpenAPIOperation.Credential.allCases {
                try schemes.encode(credential.scheme, forKey: Key(credential.rawValue))
            }
            var paths = root.nestedContainer(keyedBy: Key.self, forKey: Key("paths"))
            for (path, operations) in Dictionary(grouping: operations, by: \.path) {
                var item = paths.nestedContainer(keyedBy: Key.self, forKey: Key(path))
                for operation in operations {
                    try item.encode(OperationObject(operation: operation), forKey: Key(operation.method.rawValue.lowercased()))
                }
            }
        }
    }

    struct OperationObject: Encodable {
        let operation: OpenAPIOperation
        typealias Key = JSONSchema.Key

        /// The credentials that may call it, any one of them: for the management API a token
        /// with the scope, a secret key where the scope is one of its own, the admin token.
        static func security(_ credential: OpenAPIOperation.Credential, scope: Scope?) -> [[String: [String]]] {
            guard credential == .apiToken else { return [[credential.rawValue: []]] }
            var alternatives: [[String: [String]]] = [["apiToken": scope.map { [$0.rawValue] } ?? []]]
            if let scope, Access.secretKey(of: "").scopes?.contains(scope) == true { alternatives.append(["secretKey": []]) }
            alternatives.append(["admin": []])
            return alternatives
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(operation.summary, forKey: Key("summary"))
            if let credential = operation.credential {
                try container.encode(Self.security(credential, scope: operation.scope), forKey: Key("security"))
            }
            let pathNames = operation.path.matches(of: /\{([a-z_]+)\}/).map { String($0.1) }
            let given = Set(operation.parameters.map(\.name))
            let parameters =
                operation.parameters
                + pathNames.filter { !given.contains($0) }.map {
                    OpenAPIOperation.Parameter(name: $0, place: .path, schema: .string(), required: true)
                }
            if !parameters.isEmpty {
                var list = container.nestedUnkeyedContainer(forKey: Key("parameters"))
                for parameter in parameters {
                    var object = list.nestedContainer(keyedBy: Key.self)
                    try object.encode(parameter.name, forKey: Key("name"))
                    try object.encode(parameter.place.rawValue, forKey: Key("in"))
                    try object.encode(parameter.required || parameter.place == .path, forKey: Key("required"))
                    try object.encode(parameter.schema, forKey: Key("schema"))
                    try object.encodeIfPresent(parameter.summary, forKey: Key("description"))
                }
            }
            if let body = operation.body {
                var request = container.nestedContainer(keyedBy: Key.self, forKey: Key("requestBody"))
                try request.encode(body.isRequired, forKey: Key("required"))
                try request.encode(["application/json": ["schema": JSONSchema.ref(body.schema)]], forKey: Key("content"))
            }
            var responses = container.nestedContainer(keyedBy: Key.self, forKey: Key("responses"))
            for answer in operation.answers {
                var response = responses.nestedContainer(keyedBy: Key.self, forKey: Key(String(answer.status)))
                try response.encode(answer.summary, forKey: Key("description"))
                switch answer.shape {
                case .empty: break
                case .json(let schema): try response.encode(["application/json": ["schema": schema ?? JSONSchema()]], forKey: Key("content"))
                case .media(let types):
                    try response.encode(Dictionary(uniqueKeysWithValues: types.map { ($0, ["schema": JSONSchema.string()]) }), forKey: Key("content"))
                }
                if !answer.headers.isEmpty {
                    try response.encode(answer.headers.mapValues { ["description": $0] }, forKey: Key("headers"))
                }
            }
        }
    }
}

extension OpenAPIOperation.Credential {
    var scheme: [String: String] {
        switch self {
        case .apiToken:
            [
                "type": "http", "scheme": "bearer",
                "description": "A person's API token, ulpat_...: its scopes, within its person's roles and its apps (POST /v1/tokens).",
            ]
        case .admin: ["type": "http", "scheme": "bearer", "description": "The admin token (UNILINK_ADMIN_TOKEN): everything, as an owner."]
        case .secretKey: ["type": "http", "scheme": "bearer", "description": "An app's secret key, sk_..."]
        case .publishableKey: ["type": "apiKey", "in": "header", "name": "X-Unilink-Key", "description": "An app's publishable key, pk_..."]
        case .firebaseKey:
            ["type": "apiKey", "in": "query", "name": "key", "description": "An app's publishable key, as Firebase's API key was passed."]
        }
    }
}
