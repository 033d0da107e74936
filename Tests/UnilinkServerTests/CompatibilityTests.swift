import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkAPI

@testable import UnilinkServer

/// The request shapes teams already send to Firebase, Branch and AppsFlyer, against the
/// shop app (`link.example.com` primary, `open.example.com` alternate, `exm.pl` short).
@Suite("Firebase, Branch and OneLink shapes")
struct CompatibilityTests {
    static let info = """
        {"dynamicLinkInfo": {"domainUriPrefix": "https://exm.pl", "link": "https://www.example.com/item/7",
          "androidInfo": {"androidPackageName": "com.example.shop", "androidFallbackLink": "https://www.example.com/android"},
          "iosInfo": {"iosBundleId": "com.example.shop", "iosFallbackLink": "https://www.example.com/ios", "iosAppStoreId": "123456789"},
          "navigationInfo": {"enableForcedRedirect": true},
          "analyticsInfo": {"googlePlayAnalytics": {"utmSource": "news", "utmCampaign": "spring"}},
          "socialMetaTagInfo": {"socialTitle": "Item 7", "socialDescription": "A fine item"}},
         "suffix": {"option": "SHORT"}}
        """

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any] ?? [:]
    }

    @Test func shortLinksTakesBothBodiesAndGivesTheSameLinkForTheSameInput() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let first = try await client.send(.post, "/v1/shortLinks?key=\(shop.publishableKey)", json: Self.info)
            #expect(first.status == .ok, "\(first.text)")
            let answer = try Self.json(first)
            let shortLink = try #require(answer["shortLink"] as? String)
            #expect(shortLink.hasPrefix("https://exm.pl/") && shortLink.count == "https://exm.pl/".count + 4, "SHORT: 4 characters, got \(shortLink)")
            #expect(answer["previewLink"] as? String == shortLink + "?d=1")
            #expect((answer["warning"] as? [Any])?.isEmpty == true)
            let again = try Self.json(try await client.send(.post, "/v1/shortLinks?key=\(shop.publishableKey)", json: Self.info))
            #expect(again["shortLink"] as? String == shortLink, "same input, same short link")

            let long = """
                {"longDynamicLink": "https://exm.pl/?link=https%3A%2F%2Fwww.example.com%2Fitem%2F7&apn=com.other.app&ofl=https%3A%2F%2Fwww.example.com%2Fdesk&zz=1"}
                """
            let unguessable = try Self.json(try await client.send(.post, "/v1/shortLinks?key=\(shop.publishableKey)", json: long))
            let suffix = try #require((unguessable["shortLink"] as? String)?.split(separator: "/").last)
            #expect(suffix.count == 17, "UNGUESSABLE is the default: 17 characters")
            let warnings = (unguessable["warning"] as? [[String: String]])?.compactMap { $0["warningMessage"] } ?? []
            #expect(warnings.contains { $0.contains("apn 'com.other.app'") } && warnings.contains { $0.contains("'zz'") })

            // The short link routes as the long one did: efr=1 sends an iPhone straight to ifl, a desktop to link.
            let path = String(shortLink.dropFirst("https://exm.pl".count))
            let iPhone = try await client.send(.get, path, host: "exm.pl", userAgent: UA.iPhoneSafari)
            #expect(iPhone.status == .found && iPhone.headers[.location] == "https://www.example.com/ios")
            let desktop = try await client.send(.get, path, host: "exm.pl", userAgent: UA.windowsChrome)
            #expect(desktop.headers[.location] == "https://www.example.com/item/7")
            let card = try await client.send(.get, path, host: "exm.pl", userAgent: UA.facebookCrawler)
            #expect(card.text.contains("<meta property=\"og:title\" content=\"Item 7\">"))
            let debug = try await client.send(.get, path + "?d=1", host: "exm.pl", userAgent: UA.windowsChrome)
            #expect(debug.status == .ok && debug.text.contains("What each visitor gets") && !debug.text.contains("Recent clicks"))
        }
    }

    @Test func shortLinksErrorsComeInFirebasesShape() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            for uri in ["/v1/shortLinks?key=pk_nope", "/v1/shortLinks"] {
                // Google's APIs: a request without a valid key is PERMISSION_DENIED.
                let response = try await client.send(.post, uri, json: Self.info)
                let error = try Self.json(response)["error"] as? [String: Any]
                #expect(
                    response.status == .forbidden && error?["status"] as? String == "PERMISSION_DENIED" && error?["code"] as? Int == 403,
                    "\(response.text)")
            }
            let cases: [(String, String, String)] = [
                ("no link", "/v1/shortLinks?key=\(shop.publishableKey)", #"{"longDynamicLink": "https://exm.pl/?apn=com.example.shop"}"#),
                (
                    "another domain", "/v1/shortLinks?key=\(shop.publishableKey)",
                    Self.info.replacingOccurrences(of: "https://exm.pl", with: "https://other.example")
                ),
                (
                    "link not allowed", "/v1/shortLinks?key=\(shop.publishableKey)",
                    Self.info.replacingOccurrences(of: "https://www.example.com/item/7", with: "https://evil.example.net/")
                ),
                ("bad suffix", "/v1/shortLinks?key=\(shop.publishableKey)", Self.info.replacingOccurrences(of: "\"SHORT\"", with: "\"LONG\"")),
                ("not JSON", "/v1/shortLinks?key=\(shop.publishableKey)", "{"),
            ]
            for (name, uri, body) in cases {
                let response = try await client.send(.post, uri, json: body)
                let error = try Self.json(response)["error"] as? [String: Any]
                #expect(
                    response.status == .badRequest && error?["status"] as? String == "INVALID_ARGUMENT" && error?["code"] as? Int == 400,
                    "\(name): \(response.text)")
                #expect((error?["message"] as? String)?.isEmpty == false, "\(name) names the problem")
            }
        }
    }

    @Test func branchsLinkAPIShapes() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let body = """
                {"branch_key": "\(shop.publishableKey)", "alias": "summer", "channel": "mail", "campaign": "spring", "tags": ["a", "b"],
                 "data": {"$fallback_url": "https://www.example.com/summer", "$ios_url": "https://www.example.com/ios", "$deeplink_path": "product/7",
                          "$og_title": "Summer", "$match_duration": 3600, "product_id": 7, "~feature": "share"}}
                """
            let created = try await client.send(.post, "/v1/url", json: body)
            #expect(created.status == .ok, "\(created.text)")
            #expect(try Self.json(created)["url"] as? String == "https://exm.pl/summer")
            #expect(
                try Self.json(try await client.send(.post, "/v1/url", json: body))["url"] as? String == "https://exm.pl/summer",
                "same alias, same data")
            let conflict = try await client.send(.post, "/v1/url", json: body.replacingOccurrences(of: "Summer", with: "Winter"))
            let conflictError = try Self.json(conflict)["error"] as? [String: Any]
            #expect(conflict.status == .conflict && conflictError?["code"] as? Int == 409)
            let refused = try await client.send(
                .post, "/v1/url", json: body.replacingOccurrences(of: "https://www.example.com/summer", with: "https://evil.example.net/"))
            #expect(refused.status.code / 100 == 4 && refused.status != .conflict)
            #expect(try await client.send(.post, "/v1/url", json: #"{"branch_key": "key_live_nope"}"#).status == .unauthorized)

            let read = try Self.json(try await client.send(.get, "/v1/url?url=https%3A%2F%2Fexm.pl%2Fsummer&branch_key=\(shop.secretKey)"))
            let data = try #require(read["data"] as? [String: Any])
            #expect(read["alias"] as? String == "summer" && data["$fallback_url"] as? String == "https://www.example.com/summer")
            #expect(data["$deeplink_path"] as? String == "/product/7" && data["product_id"] as? String == "7" && data["~tags"] as? String == "a,b")
            #expect(data["$match_duration"] as? Int == 3600)

            let bulk = try await client.send(
                .post, "/v1/url/bulk/\(shop.secretKey)",
                json: """
                    [{"data": {"$deeplink_path": "a"}}, {"alias": "summer", "data": {"$og_title": "Other"}},
                     {"alias": "fall", "data": {"$deeplink_path": "f"}}, {"alias": "fall", "data": {"$deeplink_path": "f"}},
                     {"alias": "fall", "data": {"$deeplink_path": "g"}}, {"data": {"$match_duration": "soon"}}]
                    """)
            let answers = try JSONSerialization.jsonObject(with: Data(bulk.body.readableBytesView)) as? [[String: Any]] ?? []
            #expect(answers.count == 6 && (answers[0]["url"] as? String)?.hasPrefix("https://exm.pl/") == true && answers[1]["error"] != nil)
            #expect(
                answers[2]["url"] as? String == "https://exm.pl/fall" && answers[3]["url"] as? String == "https://exm.pl/fall",
                "same alias, same link")
            #expect(answers[4]["error"] != nil && answers[5]["error"] != nil, "same alias with another link; a bad item")
            // The good items were stored, each once, while the bad ones were answered apart.
            let fall = try Self.json(try await client.send(.get, "/v1/url?url=https%3A%2F%2Fexm.pl%2Ffall&branch_key=\(shop.secretKey)"))
            #expect((fall["data"] as? [String: Any])?["$deeplink_path"] as? String == "/f")
            let first = try #require(answers[0]["url"] as? String)
            let firstRead = try await client.send(
                .get, "/v1/url?url=\(first.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&branch_key=\(shop.secretKey)")
            #expect(firstRead.status == .ok)

            // Desktop visitors of the Branch link go to its $fallback_url; an iPhone gets the preview with the card.
            let desktop = try await client.send(.get, "/summer", host: "exm.pl", userAgent: UA.windowsChrome)
            #expect(desktop.headers[.location] == "https://www.example.com/summer")
        }
    }

    /// OneLink's and Branch's keys on long links: destinations (through the allow-list),
    /// campaign, subs; `af_force_deeplink` is ignored and the debugger says why.
    @Test func oneLinkAndBranchParametersOnLongLinks() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let query =
                "pid=newsletter&c=spring&af_channel=mail&deep_link_value=shoes&deep_link_sub1=red&af_web_dp=https%3A%2F%2Fwww.example.com%2Fweb"
            let desktop = try await client.send(.get, "/p/1?\(query)", host: "link.example.com", userAgent: UA.windowsChrome)
            #expect(desktop.status == .found && desktop.headers[.location] == "https://www.example.com/web")
            let evil = try await client.send(
                .get, "/p/1?af_web_dp=https%3A%2F%2Fevil.example.net%2F", host: "link.example.com", userAgent: UA.windowsChrome)
            #expect(evil.headers[.location] == "https://www.example.com/", "a refused destination falls back to the app's page")
            let branch = try await client.send(
                .get, "/p/1?%24desktop_url=https%3A%2F%2Fwww.example.com%2Fbranch", host: "link.example.com", userAgent: UA.windowsChrome)
            #expect(branch.headers[.location] == "https://www.example.com/branch")
            let debug = try await client.send(.get, "/p/1?\(query)&af_force_deeplink=true&d=1", host: "link.example.com", userAgent: UA.windowsChrome)
            #expect(debug.status == .ok && debug.text.contains("af_force_deeplink") && debug.text.contains("ignored"))
            let resolve = try await client.send(
                .post, "/v1/sdk/resolve", json: #"{"url": "https://link.example.com/p/1?\#(query)"}"#,
                headers: [CallerAuthenticator.keyHeader: shop.publishableKey])
            let result = try resolve.decode(DeepLinkResultBody.self)
            #expect(result.deepLink?.deepLinkValue == "shoes" && result.deepLink?.deepLinkSubs[1] == "red")
        }
    }
}
