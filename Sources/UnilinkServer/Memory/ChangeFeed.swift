import Foundation
import Logging
import UnilinkCore
import UnilinkStorage

/// What one instance changed, applied here at once and announced to the others (on
/// PostgreSQL, through `LISTEN/NOTIFY`), so every instance serves it within a second:
/// apps, hosts and keys reload the host directory; links drop out of the link cache;
/// people, roles and tokens reload the people directory (a revoked token stops everywhere).
struct ChangeFeed: Sendable {
    let store: SQLStore
    let directory: HostDirectory
    let links: LinkCache
    let people: PeopleDirectory
    let logger: Logger
    /// Ours, to skip our own announcements when they come back.
    let instanceID = UUID().uuidString

    /// Apps, hosts, keys or the admin token changed in the database.
    func directoryChanged() async throws {
        try await directory.reload(from: store)
        await announce(["directory"])
    }

    /// People, roles, tokens changed in the database.
    func peopleChanged() async throws {
        try await people.reload(from: store)
        await announce(["people"])
    }

    /// Links were created, changed or deleted (their codes and aliases may be cached).
    func linksChanged(_ keys: [LinkKey]) async {
        guard !keys.isEmpty else { return }
        forget(keys)
        // NOTIFY takes up to 8000 bytes: long lists go in several announcements.
        var messages: [String] = [], current = "links"
        for key in keys.map(\.text) where key.utf8.count < 4000 {
            if current.utf8.count + key.utf8.count + 1 > 7000 {
                messages.append(current)
                current = "links"
            }
            current += "\n" + key
        }
        messages.append(current)
        await announce(messages)
    }

    /// An announcement from any instance.
    func apply(_ payload: String) async {
        guard let separator = payload.firstIndex(of: "\n"), payload[..<separator] != instanceID else { return }
        let body = payload[payload.index(after: separator)...]
        if body == "directory" {
            await reloadDirectory()
        } else if body == "people" {
            await reloadPeople()
        } else if body.hasPrefix("links\n") {
            forget(body.split(separator: "\n").dropFirst().compactMap { LinkKey(text: $0) })
        }
    }

    /// Everything again: after (re)connecting to the feed, and periodically in case an
    /// announcement was lost.
    func reloadEverything() async {
        await reloadDirectory()
        await reloadPeople()
        links.removeAll()
    }

    private func reloadPeople() async {
        do {
            try await people.reload(from: store)
        } catch {
            logger.warning("could not reload people and tokens; using the ones in memory", metadata: ["error": "\(error)"])
        }
    }

    private func reloadDirectory() async {
        do {
            try await directory.reload(from: store)
        } catch {
            logger.warning("could not reload apps and hosts; serving the ones in memory", metadata: ["error": "\(error)"])
        }
    }

    private func forget(_ keys: [LinkKey]) {
        for key in keys {
            switch key {
            case .code(let code): links.invalidate(code: code)
            case .alias(let appID, let alias): links.invalidate(appID: appID, alias: alias)
            }
        }
    }

    private func announce(_ messages: [String]) async {
        for message in messages {
            do {
                try await store.announce(instanceID + "\n" + message)
            } catch {
                logger.warning("could not announce a change; other instances see it at their next reload", metadata: ["error": "\(error)"])
            }
        }
    }
}
