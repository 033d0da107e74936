import Foundation
import NIOCore
import UnilinkCore
import UnilinkStorage

/// An app's raw clicks over a stats window as CSV chunks, a page of the store at a time,
/// each read when the client has taken the one before: memory stays one page, whatever
/// the number of clicks.
struct ClickExport: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    static let header = ["time", "click_id", "link_id", "host", "path", "platform", "outcome", "source"]
    static let pageSize = 2_000

    let store: any ClickStore
    let appID: String
    let window: StatsWindow
    let filter: ClickFilter

    /// From a query: `from`, `to` and `tz` as the stats read them (the last 30 days in UTC
    /// by default), and `link_id`, `platform`, `outcome`, `source` (`browser` for none).
    init(store: any ClickStore, appID: String, query: [String: String], now: Date = .now) throws(StatsWindow.Problem) {
        self.store = store
        self.appID = appID
        window = try StatsWindow(from: query["from"], to: query["to"], granularity: nil, tz: query["tz"], now: now)
        func value(_ name: String, _ allowed: [String]?) throws(StatsWindow.Problem) -> String? {
            guard let text = query[name] else { return nil }
            // Given but empty is a mistake in the caller's query, not "no filter".
            guard !text.isEmpty else { throw StatsWindow.Problem(parameter: name, message: "'\(name)' must not be empty") }
            if let allowed, !allowed.contains(text) {
                throw StatsWindow.Problem(parameter: name, message: "'\(name)' must be \(allowed.joined(separator: ", "))")
            }
            guard text.utf8.count <= 64 else { throw StatsWindow.Problem(parameter: name, message: "'\(name)' is at most 64 bytes") }
            return text
        }
        filter = ClickFilter(
            linkID: try value("link_id", nil), platform: try value("platform", ClickPlatform.allCases.map(\.rawValue)),
            outcome: try value("outcome", ClickOutcome.allCases.map(\.rawValue)), source: try value("source", nil))
    }

    /// The file's name: the app and its days.
    var fileName: String { "\(appID)-clicks-\(window.from)-\(window.to).csv" }

    struct AsyncIterator: AsyncIteratorProtocol {
        let export: ClickExport
        var headerSent = false
        var after: ExportedClick?
        var finished = false

        mutating func next() async throws -> ByteBuffer? {
            guard headerSent else {
                headerSent = true
                return ByteBuffer(string: CSVFile.line(ClickExport.header))
            }
            guard !finished else { return nil }
            let page = try await export.store.clicks(
                appID: export.appID, from: export.window.hours.lowerBound * 3_600_000, to: export.window.hours.upperBound * 3_600_000,
                filter: export.filter, after: after, limit: ClickExport.pageSize)
            finished = page.count < ClickExport.pageSize
            guard let last = page.last else { return nil }
            after = last
            var buffer = ByteBuffer()
            for click in page {
                buffer.writeString(
                    CSVFile.line([
                        UTCTime.text(millisecondsSince1970: click.time), click.clickID, click.linkID ?? "", click.host, click.path, click.platform,
                        click.outcome, click.source ?? "browser",
                    ]))
            }
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(export: self) }
}
