public import Foundation
public import UnilinkCore

/// Mobile clicks waiting for the install they may lead to. `SQLStore` is one on SQLite and
/// PostgreSQL; `EventStore.record(answer:appID:installID:takingClick:install:)` gives a
/// click to one install, whichever instance asks.
public protocol PendingClickStore: Sendable {
    func attach(signals: DeviceSignals, toClick clickID: String, now: Date, deadline: TimeInterval) async throws -> SQLStore.SignalsResult
    func pendingClicks(appID: String, prefixKey: String, at now: Date) async throws -> [PendingClick]
    func networkCrowds(appID: String, prefixKey: String, at now: Date) async throws -> [NetworkCrowd]
    func pendingClick(id: String) async throws -> PendingClick?
}

extension SQLStore: PendingClickStore {}
