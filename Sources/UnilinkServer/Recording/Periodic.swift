import Logging
import ServiceLifecycle

/// The loop of the background chores: `work` now and every `interval` until the process
/// stops; a failure is logged and the next round tries again.
enum Periodic {
    static func run(every interval: Duration, logger: Logger, failing: Logger.Message, _ work: () async throws -> Void) async {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await work()
            } catch is CancellationError {
                return
            } catch {
                logger.warning(failing, metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
