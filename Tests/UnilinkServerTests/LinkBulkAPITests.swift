import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkAPI

/// Tags, archiving and actions on a selection of links through the API: all or nothing,
/// each change audited, archived links still working.
@Suite("Link tags, archive and bulk actions")
struct LinkBulkAPITests {
    @Test func tagsAreKeptCheckedAndReplacedByAPatch() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try await client.createLink(#"{"path": "/p/1", "tags": [" print ", "spring", "print", ""]}"#, app: app)
            #expect(link.tags == ["print", "spring"], "trimmed, blank and repeated ones dropped")
            #expect(link.state == "live")
            #expect(link.archived == false)
            let id = try #require(link.id)
            for (body, reason) in [
                (#"{"tags": ["a,b"]}"#, "comma"), (#"{"tags": ["\#(String(repeating: "x", count: 41))"]}"#, "longer than 40"),
                (#"{"tags": ["1","2","3","4","5","6","7","8","9","10","11"]}"#, "at most 10"),
            ] {
                let refused = try await client.send(.patch, "/v1/links/\(id)", json: body, bearer: app.secretKey)
                #expect(refused.status == .badRequest)
                #expect(refused.text.contains(reason), "\(refused.text)")
            }
            let kept = try await client.send(.get, "/v1/links/\(id)", bearer: app.secretKey).decode(LinkBody.self)
            #expect(kept.tags == ["print", "spring"], "a refused change loses nothing")
            let patched = try await client.send(.patch, "/v1/links/\(id)", json: #"{"tags": ["web"]}"#, bearer: app.secretKey).decode(LinkBody.self)
            #expect(patched.tags == ["web"])
            let untouched = try await client.send(.patch, "/v1/links/\(id)", json: #"{"path": "/p/2"}"#, bearer: app.secretKey).decode(LinkBody.self)
            #expect(untouched.tags == ["web"], "a patch without tags keeps them")
        }
    }

    @Test func aBulkActionChangesEveryLinkOrNone() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let other = try await client.createApp(TestServer.otherApp)
            var ids: [String] = []
            for number in 1...3 {
                ids.append(try #require(try await client.createLink(#"{"path": "/p/\#(number)", "tags": ["print"]}"#, app: app).id))
            }
            let stranger = try #require(try await client.createLink(#"{"path": "/x"}"#, app: other).id)

            // One link of another app refuses the whole request.
            let refused = try await client.send(
                .post, "/v1/links/bulk", json: #"{"action": "archive", "ids": ["\#(ids[0])", "\#(stranger)"]}"#, bearer: app.secretKey)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("not a link of this app"))
            let current = try await client.send(.get, "/v1/links", bearer: app.secretKey).decode(LinkPage.self)
            #expect(current.data.count == 3 && current.data.allSatisfy { $0.archived == false }, "nothing archived")

            let archived = try await client.send(
                .post, "/v1/links/bulk", json: #"{"action": "archive", "ids": ["\#(ids[0])", "\#(ids[1])"]}"#, bearer: app.secretKey)
            #expect(archived.status == .ok, "\(archived.text)")
            #expect(try archived.decode(LinkBatch.self).data.map(\.state) == ["archived", "archived"])
            #expect(try await client.send(.get, "/v1/links", bearer: app.secretKey).decode(LinkPage.self).data.map(\.id) == [ids[2]])
            #expect(
                Set(try await client.send(.get, "/v1/links?state=archived", bearer: app.secretKey).decode(LinkPage.self).data.compactMap(\.id))
                    == Set(ids[0...1]))
            // An archived link still opens.
            let shortURL = try #require(try await client.send(.get, "/v1/links/\(ids[0])", bearer: app.secretKey).decode(LinkBody.self).shortURL)
            let opened = try await client.send(.get, String(shortURL.dropFirst("https://exm.pl".count)), host: "exm.pl", userAgent: UA.iPhoneSafari)
            #expect(opened.status == .ok)

            let campaign = try await client.send(
                .post, "/v1/links/bulk", json: #"{"action": "set_campaign", "campaign": "autumn", "ids": \#(ids)}"#, bearer: app.secretKey)
            #expect(try campaign.decode(LinkBatch.self).data.map { $0.campaign?.campaign } == ["autumn", "autumn", "autumn"])
            let tagged = try await client.send(
                .post, "/v1/links/bulk", json: #"{"action": "add_tags", "tags": ["q4"], "ids": ["\#(ids[2])"]}"#, bearer: app.secretKey)
            #expect(try tagged.decode(LinkBatch.self).data.first?.tags == ["print", "q4"])
            let filtered = try await client.send(.get, "/v1/links?state=all&tag=q4&campaign=autumn", bearer: app.secretKey).decode(LinkPage.self)
            #expect(filtered.data.map(\.id) == [ids[2]])

            let audit = try await AuditLogTests.audit(client, "?object_id=\(ids[0])").data.map(\.action)
            #expect(audit == ["link.update", "link.update", "link.create"], "archive and campaign, one entry each")

            let deleted = try await client.send(.post, "/v1/links/bulk", json: #"{"action": "delete", "ids": ["\#(ids[2])"]}"#, bearer: app.secretKey)
            #expect(deleted.status == .ok)
            #expect(try await client.send(.get, "/v1/links/\(ids[2])", bearer: app.secretKey).status == .notFound)
            #expect(try await client.send(.get, "/v1/links/\(stranger)", bearer: other.secretKey).status == .ok)

            for (body, status, reason) in [
                (#"{"action": "paint", "ids": ["\#(ids[0])"]}"#, HTTPResponse.Status.badRequest, "'action' must be"),
                (#"{"action": "add_tags", "ids": ["\#(ids[0])"]}"#, .unprocessableContent, "needs 'tags'"),
                (#"{"action": "remove_tags", "tags": [" "], "ids": ["\#(ids[0])"]}"#, .unprocessableContent, "needs 'tags'"),
                (#"{"action": "archive", "ids": []}"#, .badRequest, "'ids' is empty"),
            ] {
                let bad = try await client.send(.post, "/v1/links/bulk", json: body, bearer: app.secretKey)
                #expect(bad.status == status && bad.text.contains(reason), "\(bad.text)")
            }
            // Tags to remove are read as the form types them: " print " is the tag "print".
            let untagged = try await client.send(
                .post, "/v1/links/bulk", json: #"{"action": "remove_tags", "tags": [" print "], "ids": ["\#(ids[0])"]}"#, bearer: app.secretKey)
            #expect(try untagged.decode(LinkBatch.self).data.first?.tags == [])
        }
    }

    @Test func theListSortsAndPagesByAnyColumn() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            // A path as long as a link's text may be: the cursor stays short (the id alone).
            let long = "/p/e" + String(repeating: "\u{00E9}", count: 2000)
            for path in ["/p/c", "/p/a", long, "/p/d", "/p/b"] { _ = try await client.createLink(#"{"path": "\#(path)"}"#, app: app) }
            var paths: [String] = []
            var query = "/v1/links?sort=path&limit=2"
            while true {
                let page = try await client.send(.get, query, bearer: app.secretKey).decode(LinkPage.self)
                paths += page.data.compactMap(\.path)
                guard let next = page.nextCursor else { break }
                #expect(next.count < 100)
                query = "/v1/links?sort=path&limit=2&cursor=\(next)"
            }
            #expect(paths == ["/p/a", "/p/b", "/p/c", "/p/d", long])
            let searched = try await client.send(.get, "/v1/links?q=\(String(repeating: "x", count: 201))", bearer: app.secretKey)
            #expect(searched.status == .badRequest && searched.text.contains("'q' is longer than 200"))
            let bad = try await client.send(.get, "/v1/links?sort=colour", bearer: app.secretKey)
            #expect(bad.status == .badRequest && bad.text.contains("'sort' must be one of"))
            for cursor in ["zz", LinkListingCursorText.clicks("many")] {
                let badCursor = try await client.send(.get, "/v1/links?sort=clicks_7d&cursor=\(cursor)", bearer: app.secretKey)
                #expect(badCursor.status == .unprocessableContent && badCursor.text.contains("'cursor'"))
            }
        }
    }
}

/// A cursor as the list would spell it for a sort by clicks, with any value in it.
enum LinkListingCursorText {
    static func clicks(_ value: String) -> String {
        Array((value + "\u{0}lnk_x").utf8).map { String(format: "%02x", $0) }.joined()
    }
}
