import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkAPI
import UnilinkCore

@testable import UnilinkServer

/// The links list's selection over HTTP: a bulk action changes every selected link or none,
/// the export is the selected links as CSV, and a session that may not edit the app changes
/// nothing.
@Suite("The dashboard's bulk actions")
struct DashboardBulkTests {
    static func post(_ client: any TestClientProtocol, _ uri: String, session: (cookie: String, csrf: String), _ fields: [(String, String)])
        async throws -> TestResponse
    {
        let body = ([("csrf", session.csrf)] + fields).map { "\($0.0)=\(URLText.queryValue($0.1))" }.joined(separator: "&")
        return try await client.execute(
            uri: uri, method: .post, headers: DashboardTests.form.merging([.cookie: session.cookie]), body: ByteBuffer(string: body))
    }

    @Test func aSelectionIsArchivedExportedOrRefusedAsAWhole() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let other = try await client.createApp(TestServer.otherApp)
            var ids: [String] = []
            for path in ["/p/1", "/p/2", "/p/3"] {
                ids.append(try #require(try await client.createLink(#"{"path": "\#(path)", "tags": ["print"]}"#, app: shop).id))
            }
            let stranger = try #require(try await client.createLink(#"{"path": "/x"}"#, app: other).id)
            let session = try await DashboardTests.signIn(client, token: shop.secretKey)
            let uri = "/apps/\(shop.id)/links/bulk"

            let refused = try await Self.post(client, uri, session: session, [("action", "archive"), ("ids[]", ids[0]), ("ids[]", stranger)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Nothing was changed") && refused.text.contains("not a link of this app"))
            let none = try await client.send(.get, "/v1/links?state=archived", bearer: shop.secretKey).decode(LinkPage.self)
            #expect(none.data.isEmpty, "nothing archived")

            let archived = try await Self.post(client, uri, session: session, [("action", "archive"), ("ids[]", ids[0]), ("ids[]", ids[1])])
            #expect(archived.status == .ok && archived.text.contains("Archived 2 links"))
            let listed = try await client.send(.get, "/v1/links?state=archived", bearer: shop.secretKey).decode(LinkPage.self)
            #expect(Set(listed.data.compactMap(\.id)) == Set(ids[0...1]))

            let tagged = try await Self.post(client, uri, session: session, [("action", "add_tags"), ("tags", "autumn, q4"), ("ids[]", ids[2])])
            #expect(tagged.status == .ok)
            let link = try await client.send(.get, "/v1/links/\(ids[2])", bearer: shop.secretKey).decode(LinkBody.self)
            #expect(link.tags == ["print", "autumn", "q4"])

            let export = try await Self.post(client, uri, session: session, [("action", "export"), ("ids[]", ids[2]), ("ids[]", ids[0])])
            #expect(export.status == .ok && export.headers[.contentType]?.hasPrefix("text/csv") == true)
            let lines = export.text.split(separator: "\r\n").map(String.init)
            #expect(lines.first?.hasPrefix("id,short_url,long_url,alias,path") == true)
            #expect(lines.count == 3 && lines[1].hasPrefix(ids[2]) && lines[1].contains("\"print, autumn, q4\"") && lines[2].contains("archived"))
            let empty = try await Self.post(client, uri, session: session, [("action", "archive")])
            #expect(empty.status == .unprocessableContent && empty.text.contains("Select at least one link"))

            // Another app's key may not touch this app's links at all.
            let strangerSession = try await DashboardTests.signIn(client, token: other.secretKey, address: "203.0.113.10")
            let forbidden = try await Self.post(client, uri, session: strangerSession, [("action", "delete"), ("ids[]", ids[2])])
            #expect(forbidden.status == .notFound)
            #expect(try await client.send(.get, "/v1/links/\(ids[2])", bearer: shop.secretKey).status == .ok)
        }
    }
}
