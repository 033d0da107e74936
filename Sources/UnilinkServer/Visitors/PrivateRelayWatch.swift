import Foundation
import Logging
import Synchronization

/// The Private Relay ranges file an operator names (`UNILINK_PRIVATE_RELAY_RANGES`), read
/// at start and again whenever it changes (checked every minute), so a newer list from
/// Apple needs no restart (`RelayRangesRefresh`). Without a file no request counts as relayed.
final class PrivateRelayWatch: Sendable {
    let path: String?
    private let current = Mutex<PrivateRelayRanges?>(nil)
    private let stamp = Mutex<String?>(nil)
    private let logger: Logger

    init(path: String?, logger: Logger) {
        self.path = path
        self.logger = logger
        _ = refresh()
    }

    var ranges: PrivateRelayRanges? { current.withLock { $0 } }

    /// The relay region of a request from `bytes`, if the address is a relay's egress.
    func region(of bytes: [UInt8]) -> String? {
        current.withLock { $0?.region(of: bytes) }
    }

    /// Reads the file again if its size or time changed; true when it did.
    @discardableResult
    func refresh() -> Bool {
        guard let path else { return false }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            logger.warning("UNILINK_PRIVATE_RELAY_RANGES '\(path)' cannot be read; relayed clicks are not recognised until it can")
            return false
        }
        let seen = "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)/\((attributes[.size] as? Int) ?? 0)"
        guard stamp.withLock({ $0 }) != seen, let data = FileManager.default.contents(atPath: path) else { return false }
        let ranges = PrivateRelayRanges(csv: String(decoding: data, as: UTF8.self))
        // A truncated download or an error page keeps the ranges read before.
        guard ranges.count > 0 else {
            logger.warning("UNILINK_PRIVATE_RELAY_RANGES '\(path)' holds no range (\(ranges.skipped) lines skipped); the ranges read before stay")
            stamp.withLock { $0 = seen }
            return false
        }
        current.withLock { $0 = ranges }
        stamp.withLock { $0 = seen }
        logger.info("Private Relay ranges from \(path): \(ranges.count) ranges, \(ranges.skipped) lines skipped")
        return true
    }

}
