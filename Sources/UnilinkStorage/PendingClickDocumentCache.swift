import Foundation
import Synchronization

/// Decoded pending-click documents by their text. A first launch on a crowded network
/// reads every open click of its prefix (up to 500), and each launch after it on that
/// network reads most of them again; decoding the documents with `JSONDecoder` was three
/// quarters of that read (about 10 µs a row). A document's text decodes to the same value
/// wherever it is read, so the cache is the process's, shared by its stores. Bounded:
/// when full it starts again empty (the next reads of a busy network fill it at once).
final class PendingClickDocumentCache: Sendable {
    static let shared = PendingClickDocumentCache(capacity: 4096)

    private let capacity: Int
    private let entries = Mutex<[String: PendingClickDocument.Stored]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { entries.withLock { $0.count } }

    func stored(_ text: String) throws -> PendingClickDocument.Stored {
        if let known = entries.withLock({ $0[text] }) { return known }
        let stored = try JSONDocument.decode(PendingClickDocument.Stored.self, from: text)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[text] = stored
        }
        return stored
    }
}
