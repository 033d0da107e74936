import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkAPI

@Suite("Links API")
struct LinksAPITests {
    static let example = """
        {"path": "/u/1234567", "deep_link_value": "user", "deep_link_sub1": "1234567", "ref": "share_button",
         "web_url": "https://www.example.com/u/1234567", "min_app_version": {"ios": "5.2.0", "android": "520"},
         "social": {"title": "Anna, 27", "description": "Likes hiking"},
         "campaign": {"channel": "email", "campaign": "likes"}, "data": {"any": "thing"}}
        """

    @Test func createGivesShortAndLongURLs() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try await client.createLink(Self.example, app: app)
            let code = try #require(link.code)
            #expect(code.count == 7)
            #expect(link.shortURL == "https://exm.pl/\(code)")
            #expect(link.longURL == "https://link.example.com/u/1234567?deep_link_value=user&deep_link_sub1=1234567&ref=share_button&ul_code=\(code)")
            #expect(link.deepLinkSubs[1] == "1234567")
            #expect(link.campaign?.channel == "email")
            let fetched = try await client.send(.get, "/v1/links/\(try #require(link.id))", bearer: app.secretKey).decode(LinkBody.self)
            #expect(fetched == link)
        }
    }

    /// A mark that joins the slash into one Swift `Character` (an emoji modifier, a
    /// combining accent) still leaves a path that starts with `/` (found by schemathesis).
    @Test(arguments: ["/\u{1F3FB}n", "/\u{301}e"])
    func aPathStartsWithItsFirstByte(path: String) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let body = String(decoding: try JSONEncoder().encode(["path": path]), as: UTF8.self)
            let link = try await client.createLink(body, app: app)
            #expect(link.path == path)
        }
    }

    /// Branch, Dub and Bitly give the alias as the short link; the code keeps working.
    @Test func anAliasIsTheShortLinkAndTheCodeStillOpensIt() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try await client.createLink(#"{"path": "/u/7", "alias": "summer-sale"}"#, app: app)
            #expect(link.shortURL == "https://exm.pl/summer-sale")
            let code = try #require(link.code)
            for path in ["/summer-sale", "/\(code)"] {
                let response = try await client.send(.get, path, host: "exm.pl", userAgent: UA.iPhoneSafari)
                #expect(response.status == .ok, "\(path)")
                #expect(response.text.contains("/u/7"), "\(path)")
            }
            let listed = try await client.send(.get, "/v1/links", bearer: app.secretKey).decode(LinkPage.self)
            #expect(listed.data.first?.shortURL == "https://exm.pl/summer-sale")
        }
    }

    @Test func listPagesWithACursorNewestFirst() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            var created: [String] = []
            for index in 0..<5 {
                created.append(try #require(try await client.createLink(#"{"path": "/u/\#(index)"}"#, app: app).id))
            }
            var seen: [String] = []
            var cursor: String?
            repeat {
                let uri = "/v1/links?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.send(.get, uri, bearer: app.secretKey).decode(LinkPage.self)
                #expect(page.data.count <= 2)
                seen += page.data.compactMap(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen == created.reversed())
            #expect(try await client.send(.get, "/v1/links?limit=0", bearer: app.secretKey).status == .badRequest)
        }
    }

    @Test func patchAndDelete() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try await client.createLink(#"{"path": "/u/1", "alias": "one"}"#, app: app)
            let id = try #require(link.id)
            let patched = try await client.send(.patch, "/v1/links/\(id)", json: #"{"deep_link_value": "changed"}"#, bearer: app.secretKey)
            #expect(try patched.decode(LinkBody.self).deepLinkValue == "changed")
            #expect(try patched.decode(LinkBody.self).path == "/u/1")
            #expect(try await client.send(.get, "/one", host: "exm.pl", userAgent: UA.iPhoneSafari).status == .ok)
            #expect(try await client.send(.delete, "/v1/links/\(id)", bearer: app.secretKey).status == .noContent)
            #expect(try await client.send(.get, "/v1/links/\(id)", bearer: app.secretKey).status == .notFound)
            #expect(try await client.send(.get, "/one", host: "exm.pl", userAgent: UA.iPhoneSafari).status == .notFound)
        }
    }

    @Test func theSameAliasRequestIsIdempotentAndADifferentOneConflicts() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let body = #"{"path": "/p/summer", "alias": "summer-sale"}"#
            let first = try await client.send(.post, "/v1/links", json: body, bearer: app.secretKey)
            let again = try await client.send(.post, "/v1/links", json: body, bearer: app.secretKey)
            #expect(first.status == .created)
            #expect(again.status == .ok)
            #expect(try first.decode(LinkBody.self).id == again.decode(LinkBody.self).id)
            let different = try await client.send(.post, "/v1/links", json: #"{"path": "/p/winter", "alias": "summer-sale"}"#, bearer: app.secretKey)
            #expect(different.status == .conflict)
            #expect(different.errorCode == "alias_taken")
        }
    }

    @Test func batchIsAllOrNothing() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let good = try await client.send(
                .post, "/v1/links/batch", json: #"[{"path": "/u/1"}, {"path": "/u/2"}, {"deep_link_value": "x"}]"#, bearer: app.secretKey)
            #expect(good.status == .created)
            #expect(try good.decode(LinkBatch.self).data.count == 3)
            let bad = try await client.send(
                .post, "/v1/links/batch", json: #"[{"path": "/u/3"}, {"path": "/u/4", "web_url": "https://evil.example/"}]"#, bearer: app.secretKey)
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("link [1]"))
            let all = try await client.send(.get, "/v1/links?limit=200", bearer: app.secretKey).decode(LinkPage.self)
            #expect(all.data.count == 3)
            let tooMany = "[" + Array(repeating: #"{"path":"/u/1"}"#, count: 1001).joined(separator: ",") + "]"
            #expect(try await client.send(.post, "/v1/links/batch", json: tooMany, bearer: app.secretKey).status == .badRequest)
        }
    }

    @Test(arguments: [
        (#"{"path": "/u/1", "web_url": "https://evil.example/phish"}"#, 422, "destination_not_allowed"),
        (#"{"path": "/u/1", "ios_url": "javascript:alert(1)"}"#, 422, "destination_not_allowed"),
        (#"{"path": "/u/1", "web_url": "https://evil.example\\@www.example.com/"}"#, 422, "invalid_destination"),
        (#"{"path": "/u/1", "ios_url": "https://evil.example\\@apps.apple.com/"}"#, 422, "invalid_destination"),
        (#"{"path": "/u/1", "web_url": "https://evil.example@www.example.com/"}"#, 422, "invalid_destination"),
        (#"{"path": "/u/1", "desktop_url": "https://www.example.com%2eevil.example/"}"#, 422, "destination_not_allowed"),
        (#"{"path": "/u/1", "web_url": "https:evil.example"}"#, 422, "destination_not_allowed"),
        (#"{"path": "/u/1", "web_url": "https://0000000000000000000000000000000000000000177.0.0.1/"}"#, 422, "destination_not_allowed"),
        (#"{"path": "/u/1", "web_url": "https://www.exa<mple.com/"}"#, 422, "invalid_destination"),
        (#"{"path": "/u/1", "web_url": "https://xn--ls8h.xn--a\u200d/"}"#, 422, "invalid_destination"),
        (#"{"path": "/u/1", "alias": "no spaces"}"#, 400, "invalid_alias"),
        (#"{"path": "/u/1", "alias": "v1"}"#, 422, "alias_reserved"),
        (#"{"path": "/u/1", "deep_link_sub1": 5}"#, 400, "bad_request"),
        (#"{"ref": "only a ref"}"#, 422, "nothing_to_open"),
        (#"{"path": null, "deep_link_value": null}"#, 422, "nothing_to_open"),
        (#"{"path": "/u/1", "social": {"image_url": "/relative.png"}}"#, 422, "invalid_url"),
        (#"{"path": "/u/1", "dynamic_link": "apn=com.example.shop"}"#, 422, "invalid_dynamic_link"),
        (#"{"path": "u/1"}"#, 400, "bad_request"),
        (#"{"path": "/u/1", "expires_at": "tomorrow"}"#, 400, "bad_request"),
        (#"{"path": "/u/1", "expires_at": "2027-02-30T00:00:00Z"}"#, 400, "bad_request"),
        (#"{"path": "/u/1", "expires_at": "2027-01-01T24:00:00Z"}"#, 400, "bad_request"),
        (#"{"path": "/u/1", "expires_at": "2027-01-01t00:00:00z"}"#, 400, "bad_request"),
        (#"{"path": "/u/1", "min_app_version": {"ios": "+5"}}"#, 400, "bad_request"),
        (#"{"path": "/u/1", "data": {"": "x"}}"#, 400, "bad_request"),
        (#"{"path": "/u/1", "min_app_version": {"ios": "five"}}"#, 400, "bad_request"),
        (#"{"path": "/u/1""#, 400, "bad_request"),
        (#"{"path": ["/u/1"]}"#, 400, "bad_request"),
    ])
    func badLinksAreRefused(json: String, status: Int, code: String) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let response = try await client.send(.post, "/v1/links", json: json, bearer: app.secretKey)
            #expect(response.status.code == status, "\(response.text)")
            #expect(response.errorCode == code, "\(response.text)")
        }
    }

    /// The API stores what the browser will follow, and the redirect sends exactly that.
    @Test func destinationsAreStoredAsBrowsersSerializeThem() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try await client.createLink(
                #"{"path": "/u/1", "web_url": "HTTPS://WWW.Example.com:443/a/./b/../c?q=caf\u00e9'", "desktop_url": "https:www.example.com"}"#,
                app: app
            )
            #expect(link.webURL == "https://www.example.com/a/c?q=caf%C3%A9%27")
            #expect(link.desktopURL == "https://www.example.com/")
            let click = try await client.send(.get, "/" + (link.code ?? ""), host: "exm.pl", userAgent: UA.macChrome)
            #expect(click.headers[.location] == "https://www.example.com/")
            let mobile = try await client.createLink(#"{"path": "/u/2", "web_url": "https://www.example.com/\u00fc", "web_only": true}"#, app: app)
            let phone = try await client.send(.get, "/" + (mobile.code ?? ""), host: "exm.pl", userAgent: UA.iPhoneSafari)
            #expect(phone.headers[.location] == "https://www.example.com/%C3%BC")
        }
    }

    @Test func wrongTypeErrorsNameTheField() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let response = try await client.send(.post, "/v1/links", json: #"{"path": "/u/1", "deep_link_sub1": 5}"#, bearer: app.secretKey)
            #expect(response.text.contains("deep_link_sub1"))
        }
    }

    @Test func keysAreCheckedAndAppsSeeOnlyTheirLinks() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let other = try await client.createApp(TestServer.otherApp)
            let link = try await client.createLink(#"{"path": "/u/1"}"#, app: shop)
            let id = try #require(link.id)
            #expect(try await client.send(.get, "/v1/links/\(id)").status == .unauthorized)
            #expect(try await client.send(.get, "/v1/links/\(id)", bearer: "sk_unknown").status == .unauthorized)
            #expect(try await client.send(.get, "/v1/links/\(id)", bearer: shop.publishableKey).status == .unauthorized)
            let foreign = try await client.send(.get, "/v1/links/\(id)", bearer: other.secretKey)
            #expect(foreign.status == .forbidden)
            #expect(try await client.send(.delete, "/v1/links/\(id)", bearer: other.secretKey).status == .forbidden)
            #expect(try await client.send(.get, "/v1/links/\(id)", bearer: shop.secretKey).status == .ok)
            let otherList = try await client.send(.get, "/v1/links", bearer: other.secretKey).decode(LinkPage.self)
            #expect(otherList.data.isEmpty)
        }
    }

    @Test func oversizedBodiesAndURLsAreRefused() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let huge = #"{"path": "/u/1", "data": {"k": ""# + String(repeating: "x", count: 300 * 1024) + #""}}"#
            let body = try await client.send(.post, "/v1/links", json: huge, bearer: app.secretKey)
            #expect(body.status == .contentTooLarge)
            #expect(body.errorCode == "body_too_large")
            let longPath = "/u/" + String(repeating: "a", count: 5000)
            let url = try await client.send(.get, longPath, host: "link.example.com", userAgent: UA.iPhoneSafari)
            #expect(url.status == .uriTooLong)
            let longQuery = "/.well-known/apple-app-site-association?q=" + String(repeating: "a", count: 5000)
            #expect(try await client.send(.get, longQuery, host: "link.example.com").status == .uriTooLong)
            #expect(try await client.send(.get, "/v1/links", bearer: app.secretKey).status == .ok)
        }
    }
}
