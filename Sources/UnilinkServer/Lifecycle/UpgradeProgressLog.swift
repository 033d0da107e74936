import Foundation
import Synchronization
public import UnilinkStorage

/// Says on standard error how far an upgrade got in counting the clicks stored before the
/// counters: a line a second at most, and the last one.
public final class UpgradeProgressLog: Sendable {
    private let lastLine = Mutex<ContinuousClock.Instant?>(nil)

    public init() {}

    public func report(_ progress: UpgradeProgress) {
        let now = ContinuousClock.now
        let due = lastLine.withLock { last in
            guard progress.fraction >= 1 || last.map({ now - $0 >= .seconds(1) }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        let percent = Int((progress.fraction * 100).rounded(.down))
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate]
        let upTo = format.string(from: progress.countedUpToDate)
        FileHandle.standardError.write(Data("Counting the clicks stored before the counters: \(percent)% (up to \(upTo))\n".utf8))
    }
}
