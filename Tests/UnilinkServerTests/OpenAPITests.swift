import UnilinkStorage
import HTTPTypes
import Foundation
import Logging
import Testing
@testable import UnilinkServer

@Suite("/openapi.json stays true")
struct OpenAPITests {
    @Test func describesExactlyTheRegisteredRoutes() async throws {
        let (state, _, _) = try await prepareServer(settings: TestServer.settings(), logger: Logger(label: "test"))
        let registered = Set(buildRoutes(state: state).routes.map { route in
            "\(route.method.lowercased()) \(route.path == "/**" ? "/{path}" : route.path)"
        })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let methods: Set<String> = ["get", "post", "put", "patch", "delete", "head"]
        let described = Set(paths.flatMap { path, operations in operations.keys.filter(methods.contains).map { "\($0) \(path)" } })
        #expect(described == registered, "undescribed: \(registered.subtracting(described)); not served: \(described.subtracting(registered))")
        #expect((document["openapi"] as? String)?.hasPrefix("3.") == true)
        try await state.store.close()
    }

    @Test func everyReferenceResolves() throws {
        let text = OpenAPIDocument.json
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let components = try #require(document["components"] as? [String: [String: Any]])
        for match in text.matches(of: /"\$ref": "#\/components\/([a-zA-Z]+)\/([A-Za-z]+)"/) {
            #expect(components[String(match.1)]?[String(match.2)] != nil, "\(match.0)")
        }
    }
}
