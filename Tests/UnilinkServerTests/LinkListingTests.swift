import Foundation
import Logging
import SQLKit
import Testing
import UnilinkAPI
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkStorage

/// The links list's query on a real SQLite file and a real PostgreSQL: filters, orders and
/// keyset pages that neither repeat nor skip a link.
@Suite("The links list on SQLite and PostgreSQL")
struct LinkListingTests {
    static func link(_ number: Int, app: String = "a", path: String, campaign: String? = nil, tags: [String]? = nil) -> Link {
        var link = Link(
            id: String(format: "lnk_%04d", number), appID: app, code: String(format: "c%06d", number),
            content: LinkContent(path: path, campaign: campaign.map { Campaign(campaign: $0) }), createdAt: .now, updatedAt: .now)
        link.tags = tags
        return link
    }

    /// Every page of `listing`, following the cursors.
    static func all(_ store: SQLStore, _ listing: LinkListing) async throws -> [ListedLink] {
        var listing = listing
        var rows: [ListedLink] = []
        for _ in 0..<100 {
            let page = try await store.links(appID: "a", listing: listing)
            rows += page.rows
            guard let next = page.next else { return rows }
            listing.after = next
        }
        Issue.record("more than 100 pages")
        return rows
    }

    @Test(arguments: TestDatabase.available) func filtersOrdersAndPagesByKeyset(database: TestDatabase) async throws {
        try await SQLStoreTests.withStore(database) { store, _ in
            var links = (1...9).map { number in
                Self.link(
                    number, path: "/p/\(10 - number)", campaign: number.isMultiple(of: 3) ? "spring" : number == 1 ? nil : "autumn",
                    tags: number <= 4 ? ["print", "q\(number % 2)"] : nil)
            }
            links.append(Self.link(10, app: "b", path: "/p/other", campaign: "spring", tags: ["print"]))
            try await store.insert(links: links)
            let now = Date.now
            let today = Int64(now.timeIntervalSince1970 / 86_400)
            // People's clicks by day: link 2 has 5 today, link 5 has 7 twenty days ago (outside 7 days), link 7 has 1 today.
            for (link, day, clicks) in [("lnk_0002", today, 5), ("lnk_0005", today - 20, 7), ("lnk_0007", today, 1), ("lnk_0010", today, 50)] {
                try await store.database.raw(
                    """
                    INSERT INTO link_days (app_id, day, link_id, slot, n) VALUES (\(bind: link == "lnk_0010" ? "b" : "a"), \(bind: day), \(bind: link), 0, \(bind: clicks))
                    """
                ).run()
            }
            var listing = LinkListing(now: now)
            listing.limit = 2
            let newest = try await Self.all(store, listing)
            #expect(newest.map(\.link.id) == (1...9).reversed().map { String(format: "lnk_%04d", $0) }, "newest first, app a only")
            #expect(newest.first { $0.link.id == "lnk_0002" }.map { [$0.clicks7, $0.clicks30] } == [5, 5])
            #expect(newest.first { $0.link.id == "lnk_0005" }.map { [$0.clicks7, $0.clicks30] } == [0, 7])

            listing.order = .path
            listing.descending = false
            #expect(try await Self.all(store, listing).map(\.link.content.path) == (1...9).map { "/p/\($0)" })

            listing.order = .clicks30
            listing.descending = true
            let byClicks = try await Self.all(store, listing).map(\.link.id)
            #expect(Array(byClicks.prefix(3)) == ["lnk_0005", "lnk_0002", "lnk_0007"])
            #expect(Set(byClicks).count == 9, "every link once across pages, ties broken by id")
            listing.order = .clicks7
            #expect(Array(try await Self.all(store, listing).map(\.link.id).prefix(2)) == ["lnk_0002", "lnk_0007"])

            listing.order = .campaign
            listing.descending = false
            let byCampaign = try await Self.all(store, listing).map(\.link.content.campaign?.campaign)
            #expect(byCampaign == [nil] + Array(repeating: "autumn", count: 5) + Array(repeating: "spring", count: 3))

            listing = LinkListing(now: now)
            listing.tag = "print"
            #expect(Set(try await Self.all(store, listing).map(\.link.id)) == ["lnk_0001", "lnk_0002", "lnk_0003", "lnk_0004"])
            listing.tag = nil
            listing.campaign = "spring"
            #expect(Set(try await Self.all(store, listing).map(\.link.id)) == ["lnk_0003", "lnk_0006", "lnk_0009"])
            listing.campaign = nil
            listing.search = "P/7"
            #expect(try await Self.all(store, listing).map(\.link.id) == ["lnk_0003"], "search ignores case, matches the path")
            listing.search = "q1"
            #expect(Set(try await Self.all(store, listing).map(\.link.id)) == ["lnk_0001", "lnk_0003"], "search matches tags")

            // Archived: out of the default list, in `archived`; expired: its own state.
            var archived = links[0]
            archived.archivedAt = now
            var expired = links[1]
            expired.expiresAt = now.addingTimeInterval(-60)
            try await store.update(links: [archived, expired], audit: [])
            listing = LinkListing(now: now)
            #expect(!(try await Self.all(store, listing).map(\.link.id)).contains("lnk_0001"))
            listing.states = .archived
            #expect(try await Self.all(store, listing).map(\.link.id) == ["lnk_0001"])
            listing.states = .expired
            #expect(try await Self.all(store, listing).map(\.link.id) == ["lnk_0002"])
            listing.states = .live
            #expect(try await Self.all(store, listing).count == 7)

            let facets = try await store.linkFacets(appID: "a", limit: 50)
            #expect(facets.tags.map(\.tag) == ["print", "q0", "q1"])
            #expect(facets.tags.first?.links == 4)
            #expect(facets.campaigns == ["autumn", "spring"])

            // Tags follow updates and deletes.
            var retagged = links[3]
            retagged.tags = ["web"]
            try await store.update(links: [retagged], audit: [])
            try await store.deleteLinks(ids: ["lnk_0003"], audit: [])
            #expect(try await store.linkFacets(appID: "a", limit: 50).tags.map { "\($0.tag)=\($0.links)" } == ["print=2", "q0=1", "q1=1", "web=1"])
            try await store.close()
        }
    }

    /// A database written before tags and archiving opens with the campaign column filled
    /// from the stored documents, so the filter finds old links.
    @Test(arguments: TestDatabase.available) func theUpgradeFillsTheCampaignColumn(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let old = try await SQLStore.open(location, migratingTo: 22, pool: .forTests, logger: Logger(label: "test"))
            var link = Self.link(1, path: "/p/1")
            link.content.campaign = Campaign(channel: "mail", campaign: "legacy")
            link.id = "lnk_old"
            do {
                // As the previous build wrote it: no tags, no archive, no campaign column.
                try await old.database.raw(
                    """
                    INSERT INTO links (id, app_id, code, alias, path, document, expires_at, created_at, updated_at)
                    VALUES ('lnk_old', 'a', 'oldcode', NULL, '/p/1', \(bind: try JSONDocument.encode(link)), NULL, 1700000000000, 1700000000000)
                    """
                ).run()
            } catch {
                try? await old.close()
                throw error
            }
            try await old.close()
            try await SQLStoreTests.withStore(location) { (store: SQLStore) async throws in
                var listing = LinkListing(now: .now)
                listing.campaign = "legacy"
                #expect(try await store.links(appID: "a", listing: listing).rows.map(\.link.id) == ["lnk_old"])
                #expect(try await store.link(id: "lnk_old")?.tags == nil)
            }
        }
    }
}
