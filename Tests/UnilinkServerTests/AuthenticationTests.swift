import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import UnilinkAPI
import UnilinkStorage

@testable import UnilinkServer

/// Authentication lives in one middleware per route group, authorisation in one service
/// every management route is registered with: every route of a group is refused without
/// its credential, and a person without a role gets nothing from any of them but their
/// own account (the lists are the router's own, so routes added later are covered).
@Suite("Credentials per route group")
struct AuthenticationTests {
    enum Needs: String { case management, publishableKey }

    static let managementPrefixes = ["/v1/apps", "/v1/links", "/v1/audit", "/v1/users", "/v1/tokens", "/v1/me"]

    static func needs(_ path: String) -> Needs? {
        if path.hasPrefix("/v1/sdk/") { return .publishableKey }
        if managementPrefixes.contains(where: { path.hasPrefix($0) }) { return .management }
        return nil
    }

    static func routes() async throws -> (parts: ServerParts, router: Router<AppRequestContext>, routes: [(method: HTTPRequest.Method, path: String)])
    {
        let parts = try await prepareServer(settings: TestServer.settings(), logger: Logger(label: "test")).parts
        let router = try buildRouter(parts, pages: try DashboardPages())
        _ = router.buildResponder()
        let routes = router.routes.map { route in
            (
                method: route.method,
                path: route.path.description.replacingOccurrences(of: "{id}", with: "x").replacingOccurrences(of: "{user}", with: "u")
                    .replacingOccurrences(of: "{token}", with: "t")
            )
        }
        return (parts, router, routes)
    }

    @Test func everyProtectedRouteRefusesMissingWrongAndOtherCredentials() async throws {
        let (parts, router, routes) = try await Self.routes()
        // OPTIONS takes no key: a CORS preflight never carries one.
        let protected = routes.filter { Self.needs($0.path) != nil && $0.method != .options }
        #expect(protected.count >= 20, "the management and SDK routes: \(protected.map(\.path))")
        #expect(routes.contains { $0.path == "/v1/clicks/{click_id}/signals" }, "signals stay open: the click id is the credential")
        try await Application(router: router).test(.router) { client in
            let shop = try await client.createApp()
            for route in protected {
                let needs = try #require(Self.needs(route.path))
                var attempts: [(String, HTTPFields)] = [
                    ("nothing", [:]), ("a wrong key", [.authorization: "Bearer sk_wrong"]),
                    ("a wrong token", [.authorization: "Bearer ulpat_" + String(repeating: "w", count: 43)]),
                ]
                if needs == .publishableKey {
                    attempts.append(("the admin token", [.authorization: "Bearer \(TestServer.adminToken)"]))
                    attempts.append(("the secret key", [.authorization: "Bearer \(shop.secretKey)"]))
                } else {
                    attempts.append(("the publishable key", [CallerAuthenticator.keyHeader: shop.publishableKey]))
                }
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

    /// A person with an account and a token with every scope, but no role in any app: the
    /// authoriser refuses every management route on an app that exists (never a 2xx),
    /// except their own account's.
    @Test func aPersonWithoutARoleGetsNothingButTheirOwnAccount() async throws {
        let (parts, router, routes) = try await Self.routes()
        let ownAccount: Set<String> = ["GET /v1/me", "GET /v1/tokens", "POST /v1/tokens", "DELETE /v1/tokens/t", "GET /v1/apps"]
        try await Application(router: router).test(.router) { client in
            let shop = try await client.createApp()
            let link = try #require(try await client.createLink(#"{"path": "/u/1"}"#, app: shop).id)
            let nobody = try await PeopleTests.person(client, "nobody@example.com")
            for route in routes where Self.needs(route.path) == .management && route.method != .head {
                let path =
                    route.path.replacingOccurrences(of: "/v1/apps/x", with: "/v1/apps/\(shop.id)")
                    .replacingOccurrences(of: "/v1/links/x", with: "/v1/links/\(link)")
                    + (route.path.hasPrefix("/v1/links") ? "?app_id=\(shop.id)" : "")
                let response = try await client.send(route.method, path, json: "{}", bearer: nobody.token)
                let key = "\(route.method) \(route.path)"
                if ownAccount.contains(key) { continue }
                #expect([.forbidden, .notFound].contains(response.status), "\(key): \(response.status) \(response.text.prefix(120))")
            }
            #expect(try await client.send(.get, "/v1/apps", bearer: nobody.token).text == #"{"data":[]}"#)
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
