import UnilinkStorage
import HTTPTypes
import Hummingbird
import Foundation
import Logging
import Testing
@testable import UnilinkServer

@Suite("/openapi.json stays true")
struct OpenAPITests {
    /// The router's own list, after it generated HEAD for every GET: each route is described
    /// (HEAD only where it is part of the contract), and each description is served.
    @Test func describesExactlyTheRegisteredRoutes() async throws {
        let parts = try await prepareServer(settings: TestServer.settings(), logger: Logger(label: "test")).parts
        let router = try buildRouter(parts, pages: try DashboardPages())
        _ = router.buildResponder()
        let registered = Set(router.routes.map { route in
            "\(route.method.rawValue.lowercased()) \(route.path.description)"
        }).union(LinkHostResponder.routes)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let methods: Set<String> = ["get", "post", "put", "patch", "delete", "head", "options"]
        let described = Set(paths.flatMap { path, operations in operations.keys.filter(methods.contains).map { "\($0) \(path)" } })
        let generatedHeads = Set(registered.filter { $0.hasPrefix("head ") && !described.contains($0) })
        #expect(generatedHeads.allSatisfy { registered.contains("get " + $0.dropFirst("head ".count)) })
        #expect(described == registered.subtracting(generatedHeads),
                "undescribed: \(registered.subtracting(generatedHeads).subtracting(described)); not served: \(described.subtracting(registered))")
        #expect(described.contains("head /{path}") && described.contains("head /.well-known/apple-app-site-association"))
        #expect((document["openapi"] as? String)?.hasPrefix("3.") == true)
        try await parts.store.close()
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
