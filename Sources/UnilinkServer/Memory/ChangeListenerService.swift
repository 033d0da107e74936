import Logging
import ServiceLifecycle
import UnilinkStorage

/// Listens to the other instances' announcements (PostgreSQL only) and reloads
/// everything every `reloadInterval` as the safety net: a lost announcement or a missed
/// one while the database was away is at most that old.
struct ChangeListenerService: Service {
    let feed: ChangeFeed
    let logger: Logger
    var reloadInterval: Duration = .seconds(30)

    func run() async throws {
        guard feed.store.dialect == .postgres else {
            // One process on SQLite: nothing to listen to, but a service that ends early stops the group.
            try? await gracefulShutdown()
            return
        }
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await listen() }
                group.addTask { await reloadPeriodically() }
                await group.waitForAll()
            }
        }
    }

    private func listen() async {
        var delay: Duration = .milliseconds(250)
        while !Task.isCancelled {
            do {
                try await feed.store.listenForChanges(
                    onListening: {
                        // Whatever changed while we were not listening.
                        await feed.reloadEverything()
                    }, feed.apply)
            } catch {
                if Task.isCancelled { return }
                logger.warning("lost the change feed; listening again", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(5))
        }
    }

    private func reloadPeriodically() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: reloadInterval)
            if Task.isCancelled { return }
            await feed.reloadEverything()
        }
    }
}
