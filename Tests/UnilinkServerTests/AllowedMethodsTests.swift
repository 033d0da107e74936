import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkAPI

/// A method a path does not take is 405 with the methods it does take (RFC 9110), never
/// the 404 of a path that does not exist; the shared paths are whole names, so a link
/// alias that starts like one is still a link.
@Suite("Methods and shared paths")
struct AllowedMethodsTests {
    @Test(arguments: [
        (HTTPRequest.Method.trace, "/v1/links", "127.0.0.1", "GET, HEAD, POST"),
        (.put, "/v1/apps/app_x", "127.0.0.1", "GET, HEAD, PATCH"),
        (.options, "/v1/links/batch", "127.0.0.1", "POST"),
        (.get, "/v1/links/batch", "127.0.0.1", "POST"),
        (.delete, "/healthz", "127.0.0.1", "GET, HEAD"),
        (.post, "/.well-known/apple-app-site-association", "exm.pl", "GET, HEAD"),
        (.post, "/anna", "exm.pl", "GET, HEAD"),
        (.trace, "/u/42", "link.example.com", "GET, HEAD"),
    ])
    func anotherMethodIs405WithAllow(method: HTTPRequest.Method, path: String, host: String, allow: String) async throws {
        try await TestServer.run(.live) { client in
            _ = try await client.createApp()
            let response = try await client.send(method, path, bearer: TestServer.adminToken, host: host)
            #expect(response.status == .methodNotAllowed, "\(response.text)")
            #expect(response.headers[.allow] == allow)
            #expect(response.errorCode == "method_not_allowed")
        }
    }

    @Test func aPathThatDoesNotExistIsStill404() async throws {
        try await TestServer.run { client in
            let response = try await client.send(.trace, "/v1/nothing-here", host: "127.0.0.1")
            #expect(response.status == .notFound)
        }
    }

    @Test func anAliasThatStartsLikeASharedPathIsALink() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            _ = try await client.createLink(#"{"path": "/u/1", "alias": "healthz-2", "web_url": "https://www.example.com/u/1"}"#, app: app)
            let click = try await client.send(.get, "/healthz-2", host: "exm.pl", userAgent: UA.macChrome)
            #expect(click.status == .found)
            #expect(click.headers[.location] == "https://www.example.com/u/1")
            for reserved in ["readyz", "sdk", "healthz"] {
                let refused = try await client.send(.post, "/v1/links", json: #"{"path": "/u/2", "alias": "\#(reserved)"}"#, bearer: app.secretKey)
                #expect(refused.status == .unprocessableContent && refused.errorCode == "alias_reserved", "\(reserved)")
            }
        }
    }
}
