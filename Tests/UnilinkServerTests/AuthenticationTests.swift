import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import UnilinkStorage

@testable import UnilinkServer

/// Authentication lives in one middleware per route group: every route of a group is
/// refused without its credential, including routes added later (the list is the
/// router's own).
@Suite("Credentials per route group")
struct AuthenticationTests {
    enum Needs: String { case admin, secretKey, publishableKey }

    static func needs(_ path: String) -> Needs? {
        if path.hasPrefix("/v1/apps") && (path.hasSuffix("/stats") || path.hasSuffix("/clicks.csv")) { return .secretKey }
        if path.hasPrefix("/v1/apps") { return .admin }
        if path.hasPrefix("/v1/links") { return .secretKey }
        if path.hasPrefix("/v1/sdk/") { return .publishableKey }
        return nil
    }

    @Test func everyProtectedRouteRefusesMissingWrongAndOtherCredentials() async throws {
        let parts = try await prepareServer(settings: TestServer.settings(), logger: Logger(label: "test")).parts
        let router = try buildRouter(parts, pages: try DashboardPages())
        _ = router.buildResponder()
        let routes = router.routes.map { (method: $0.method, path: $0.path.description.replacingOccurrences(of: "{id}", with: "x")) }
        // OPTIONS takes no key: a CORS preflight never carries one.
        let protected = routes.filter { Self.needs($0.path) != nil && $0.method != .options }
        #expect(protected.count >= 12, "the admin, links and SDK routes: \(protected.map(\.path))")
        #expect(routes.contains { $0.path == "/v1/clicks/{click_id}/signals" }, "signals stay open: the click id is the credential")
        try await Application(router: router).test(.router) { client in
            let shop = try await client.createApp()
            for route in protected {
                let needs = try #require(Self.needs(route.path))
                var attempts: [(String, HTTPFields)] = [("nothing", [:]), ("a wrong token", [.authorization: "Bearer sk_wrong"])]
                if needs != .admin { attempts.append(("the admin token", [.authorization: "Bearer \(TestServer.adminToken)"])) }
                if needs != .secretKey { attempts.append(("the secret key", [.authorization: "Bearer \(shop.secretKey)"])) }
                if needs != .publishableKey { attempts.append(("the publishable key", [CallerAuthenticator.keyHeader: shop.publishableKey])) }
                for (what, headers) in attempts {
                    let response = try await client.send(route.method, route.path, json: "{}", headers: headers)
                    #expect(response.status == .unauthorized, "\(route.method) \(route.path) with \(what): \(response.status)")
                    #expect(response.errorCode == "unauthorized" || route.method == .head)
                }
            }
            let options = try await client.send(.options, "/v1/sdk/links")
            #expect(options.status == .noContent && options.headers[.allow] == "OPTIONS, POST")
        }
        try await parts.store.close()
    }

    @Test func bodiesAreReadThroughTheContextWithEachGroupsLimit() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let padding = String(repeating: "x", count: 9000)
            let deferred = try await client.send(
                .post, "/v1/sdk/deferred", json: #"{"install_id": "install-0001", "pad": "\#(padding)"}"#,
                headers: [CallerAuthenticator.keyHeader: shop.publishableKey])
            #expect(deferred.status == .contentTooLarge, "the SDK group reads at most 8 KB")
            let link = try await client.send(.post, "/v1/links", json: #"{"path": "/u/1", "title": "\#(padding)"}"#, bearer: shop.secretKey)
            #expect(link.status != .contentTooLarge, "the management API reads more")
            let wrongType = try await client.send(.post, "/v1/links", json: #"{"path": 5}"#, bearer: shop.secretKey)
            #expect(wrongType.status == .badRequest && wrongType.text.contains("'path' must be a string"), "\(wrongType.text)")
            let empty = try await client.send(.post, "/v1/links", bearer: shop.secretKey)
            #expect(empty.status == .badRequest && empty.text.contains("empty"), "\(empty.text)")
        }
    }
}
