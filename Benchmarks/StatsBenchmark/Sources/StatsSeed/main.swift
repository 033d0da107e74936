import Foundation
import Logging
import UnilinkCore
import UnilinkStorage

// Usage: StatsSeed DATABASE APP_ID CLICKS [DAYS=90]
// Adds CLICKS clicks to the app's links in a SQLite file or a postgres:// database (made by a server),
// spread evenly over the last DAYS days, through `SQLStore.insert(clicks:)`: the click
// recorder's own batch write, counters included. No server may have the file open.
let arguments = CommandLine.arguments
guard arguments.count >= 4, let total = Int(arguments[3]) else {
    print("usage: StatsSeed DATABASE APP_ID CLICKS [DAYS=90]")
    exit(2)
}
let days = arguments.count > 4 ? Int(arguments[4]) ?? 90 : 90
let location = arguments[1].contains("://") ? try DatabaseLocation(arguments[1]) : .sqliteFile(path: arguments[1])
let store = try await SQLStore.open(location, logger: Logger(label: "seed"))
guard let app = try await store.apps().first(where: { $0.id == arguments[2] }) else {
    print("the database has no app \(arguments[2])")
    exit(1)
}
var links: [String] = []
var cursor: String?
while true {
    let page = try await store.links(appID: app.id, before: cursor, limit: 200)
    links += page.map(\.id)
    guard page.count == 200 else { break }
    cursor = page.last?.id
}
guard !links.isEmpty else {
    print("the app has no link")
    exit(1)
}
let platforms: [ClickPlatform] = [.ios, .android, .desktop, .ios, .other]
let outcomes: [ClickOutcome] = [.preview, .store, .web, .preview, .intent]
let sources: [String?] = [nil, nil, "instagram", nil, "facebook", nil, "wechat"]
let end = Date.now.timeIntervalSince1970
let span = Double(days) * 86_400
let started = ContinuousClock.now
let batchSize = 5_000
var written = 0
while written < total {
    let count = min(batchSize, total - written)
    let batch = (written..<written + count).map { index in
        ClickRecord(
            clickID: "seed\(index)", appID: app.id, linkID: links[index % links.count],
            time: Date(timeIntervalSince1970: end - span * Double(index) / Double(total)), host: "bench.example", path: "/x",
            platform: platforms[index % platforms.count], outcome: outcomes[index % outcomes.count],
            inAppBrowser: sources[index % sources.count])
    }
    try await store.insert(clicks: batch)
    written += count
    if written % 500_000 == 0 { print("seeded \(written) of \(total)") }
}
let seconds = Double((ContinuousClock.now - started).components.seconds) + 1e-18 * Double((ContinuousClock.now - started).components.attoseconds)
print("seeded \(total) clicks over \(links.count) links and \(days) days in \(Int(seconds)) s")
try await store.close()
