import Dispatch
import Foundation
import UnilinkServer

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM and SIGINT, from the first moment of `serve`: the first asks the server to
/// stop (a start under way is cancelled; a running server finishes what it answered and
/// stores queued clicks), the second exits at once. If the stop takes longer than
/// `hardLimit` (it should not: connections are bounded well below it), the process exits
/// anyway, with status 1, so a supervisor never waits forever.
final class StopSignals {
    let request = StopRequest()
    private let sources: [any DispatchSourceSignal]
    private static let queue = DispatchQueue(label: "unilink.signals")

    init(hardLimit: DispatchTimeInterval = .seconds(20)) {
        let request = self.request
        let count = Counter()
        sources = [SIGTERM, SIGINT].map { number in
            // Ignored by the default action, so the source sees it instead of the process dying.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: Self.queue)
            source.setEventHandler {
                let name = number == SIGTERM ? "SIGTERM" : "SIGINT"
                if count.next() > 1 {
                    FileHandle.standardError.write(Data("unilink: second \(name), exiting at once\n".utf8))
                    _exit(128 + number)
                }
                Self.queue.asyncAfter(deadline: .now() + hardLimit) {
                    FileHandle.standardError.write(Data("unilink: still not stopped \(hardLimit) after \(name); exiting\n".utf8))
                    _exit(1)
                }
                request.request()
            }
            source.resume()
            return source
        }
    }

    /// Signals seen so far; touched only on `queue`.
    private final class Counter: @unchecked Sendable {
        private var value = 0
        func next() -> Int {
            value += 1
            return value
        }
    }
}
