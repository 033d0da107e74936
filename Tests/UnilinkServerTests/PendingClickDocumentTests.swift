import Foundation
import Logging
import SQLKit
import Testing
import UnilinkAPI
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkStorage

/// The pending click's hand-written document against Foundation's encoder: the same JSON
/// object, decoded to the same fields, for a click with every field set (a field added to
/// the document and not to the writer fails here) and for awkward strings. That the row as
/// a whole, columns and document, gives back the click: `SQLStoreTests`.
@Suite("Pending click documents")
struct PendingClickDocumentTests {
    static func full(_ text: String = "v") -> PendingClick {
        var click = PendingClick(
            clickID: "0Kx9aZ\(text)", appID: "app-\(text)", linkID: "link-\(text)",
            content: {
                var content = LinkContent(
                    path: "/p/\(text)", deepLinkValue: "dlv-\(text)", deepLinkSubs: [1: "one \(text)", 10: "ten", 2: "two"], ref: "ref-\(text)",
                    webURL: "https://example.com/\(text)", iosURL: "https://apps.apple.com/app/id1", androidURL: "https://play.google.com/x",
                    desktopURL: "https://example.com/desktop", webOnly: true,
                    minAppVersion: .init(ios: "2.1", android: "3"),
                    social: .init(title: "Title \(text)", description: "About \(text)", imageURL: "https://example.com/i.png"),
                    campaign: .init(channel: "mail", campaign: "spring \(text)", feature: "share", source: "news", medium: "email"),
                    data: ["color": "red \(text)", "size": "9", text: text]
                )
                content.dynamicLinkQuery = "link=https%3A%2F%2Fexample.com&apn=com.example"
                return content
            }(),
            time: Date(timeIntervalSince1970: 1_763_916_000.123_456), expiresAt: Date(timeIntervalSince1970: 1_763_919_600),
            networkKey: "nk-\(text)", prefixKey: "pk", os: .ios, osVersion: "18.7", model: "Pixel \(text)",
            acceptLanguages: ["de-DE", text],
            signals: DeviceSignals(screenWidth: 393, screenHeight: 852, screenScale: 2.5, timeZone: "Europe/Berlin", languages: ["de", text]),
            safariVersion: "26.1", reachedStore: true, consumedBy: "install-\(text)", network: .relay, relayRegion: "DE-BE"
        )
        click.referredToPlay = false
        click.variant = "variant-\(text.prefix(8))"
        return click
    }

    /// Every optional set and every collection non-empty, all the way down.
    static func unsetFields(of value: Any, at path: String = "click") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            let name = "\(path).\(child.label ?? "?")"
            let inner = Mirror(reflecting: child.value)
            if inner.displayStyle == .optional {
                guard let wrapped = inner.children.first?.value else { return [name] }
                return unsetFields(of: wrapped, at: name)
            }
            if inner.displayStyle == .collection || inner.displayStyle == .dictionary { return inner.children.isEmpty ? [name] : [] }
            return inner.displayStyle == .struct ? unsetFields(of: child.value, at: name) : []
        }
    }

    static func object(_ text: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    static func expectSameDocument(_ click: PendingClick) throws {
        let written = PendingClickDocument.encode(click)
        let encoded = try JSONDocument.encode(PendingClickDocument.Stored(click))
        #expect(try object(written) == object(encoded), "\(written)\n\(encoded)")
        #expect(try JSONDocument.decode(PendingClickDocument.Stored.self, from: written) == PendingClickDocument.Stored(click))
    }

    @Test func theColumnsAreNotRepeatedInTheDocument() throws {
        let written = try Self.object(PendingClickDocument.encode(Self.full()))
        for column in ["clickID", "appID", "linkID", "time", "expiresAt", "networkKey", "prefixKey", "reachedStore", "consumedBy"] {
            #expect(written[column] == nil, "\(column)")
        }
    }

    @Test func aClickWithEveryFieldSetIsWrittenAsTheEncoderWritesIt() throws {
        let click = Self.full()
        #expect(Self.unsetFields(of: click) == [], "the fixture must set every field the model has")
        try Self.expectSameDocument(click)
    }

    @Test func awkwardStringsSurviveTheWriter() throws {
        for text in ["quote \" and \\ backslash", "line\nbreak\ttab\r\u{0}\u{1F}", "emoji 😀 and é", "\u{2028}\u{2029}</script>", "", "/slash/"] {
            try Self.expectSameDocument(Self.full(text))
        }
    }

    @Test func aBareClickOmitsWhatItDoesNotHave() throws {
        let click = PendingClick(
            clickID: "c", appID: "a", linkID: nil, content: LinkContent(), time: Date(timeIntervalSince1970: 1_763_916_000),
            expiresAt: Date(timeIntervalSince1970: 1_763_916_001.5), networkKey: nil, prefixKey: nil, os: .android,
            osVersion: nil, model: nil, acceptLanguages: [])
        try Self.expectSameDocument(click)
        #expect(!PendingClickDocument.encode(click).contains("signals"))
    }

    /// The click as the store keeps it: times to the millisecond, consumption in its own
    /// column (set by `consume`, not by the click).
    static func asStored(_ click: PendingClick) -> PendingClick {
        var click = click
        click.time = SQLStore.date(SQLStore.milliseconds(click.time))
        click.expiresAt = SQLStore.date(SQLStore.milliseconds(click.expiresAt))
        click.consumedBy = nil
        return click
    }

    static func record(_ click: PendingClick) -> ClickRecord {
        ClickRecord(
            clickID: click.clickID, appID: click.appID, linkID: click.linkID, time: click.time, host: "h", path: "/p/v",
            platform: .ios, outcome: .store, pending: click)
    }

    @Test(arguments: TestDatabase.available) func aRowGivesBackTheClickItWasMadeFrom(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            let click = Self.full()
            #expect(Self.unsetFields(of: click) == [])
            try await store.insert(clicks: [Self.record(click)])
            #expect(try await store.pendingClick(id: click.clickID) == Self.asStored(click))
            #expect(
                try await store.record(answer: "{}", appID: click.appID, installID: "install-1", takingClick: click.clickID, install: nil) == "{}")
            #expect(try await store.pendingClick(id: click.clickID)?.consumedBy == "install-1")
            let candidates = try await store.pendingClicks(appID: click.appID, prefixKey: "pk", at: click.time)
            #expect(candidates.isEmpty, "a consumed click is no candidate")
            try await store.close()
        }
    }

    /// Rows written while the document still repeated the columns read as before.
    @Test(arguments: TestDatabase.available) func aRowWithTheOlderLongerDocumentStillReads(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            var click = Self.full("older")
            click.consumedBy = nil
            let older = try JSONDocument.encode(click)
            #expect(try Self.object(older)["clickID"] as? String == click.clickID)
            try await store.database.raw(
                """
                INSERT INTO pending_clicks (click_id, app_id, link_id, created_at, expires_at, network_key, prefix_key, document, store_at)
                VALUES (\(bind: click.clickID), \(bind: click.appID), \(bind: click.linkID), \(bind: SQLStore.milliseconds(click.time)),
                        \(bind: SQLStore.milliseconds(click.expiresAt)), \(bind: click.networkKey), \(bind: click.prefixKey), \(bind: older),
                        \(bind: SQLStore.milliseconds(click.time)))
                """
            ).run()
            #expect(try await store.pendingClick(id: click.clickID) == Self.asStored(click))
            try await store.close()
        }
    }

    /// The decoded documents the candidate reads share: each text decodes to what the
    /// decoder gives, a bad one is an error and not kept, and the cache never holds more
    /// than its capacity.
    @Test func theDocumentCacheGivesTheDecodersValueAndStaysBounded() throws {
        let cache = PendingClickDocumentCache(capacity: 3)
        let texts = (0..<7).map { PendingClickDocument.encode(Self.full("n\($0)")) }
        for text in texts + texts.reversed() {
            #expect(try cache.stored(text) == JSONDocument.decode(PendingClickDocument.Stored.self, from: text))
            #expect(cache.count <= 3)
        }
        #expect(throws: (any Error).self) { try cache.stored("{\"os\": ") }
        #expect(cache.count <= 3)
        #expect(try cache.stored(texts[0]).osVersion == "18.7")
    }
}
