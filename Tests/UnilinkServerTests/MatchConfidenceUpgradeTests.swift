import Foundation
import Logging
import Testing
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkStorage

/// The default `min_match_confidence` rose from 0.9 to 0.95 (schema 29). An app stored
/// before, which never set one, goes on answering at the 0.9 it had; one that set its own
/// keeps it; an app made after gets 0.95. On both databases.
@Suite("The default match confidence across an upgrade")
struct MatchConfidenceUpgradeTests {
    @Test(arguments: TestDatabase.available)
    func appsStoredBeforeKeepTheConfidenceTheyHad(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let old = try await SQLStore.open(location, migratingTo: 28, pool: .forTests, logger: Logger(label: "test"))
            do {
                try await old.insert(app: App(id: "app_unset", name: "Never set"), keys: [])
                var own = App(id: "app_own", name: "Set its own")
                own.minMatchConfidence = 0.8
                try await old.insert(app: own, keys: [])
                try await old.close()
            } catch {
                try? await old.close()
                throw error
            }
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            do {
                try await store.insert(app: App(id: "app_new", name: "Made after"), keys: [])
                let thresholds = Dictionary(uniqueKeysWithValues: try await store.apps().map { ($0.id, $0.deferredThreshold) })
                #expect(thresholds == ["app_unset": 0.9, "app_own": 0.8, "app_new": 0.95], "\(thresholds)")
                let names = try await store.apps().map(\.name).sorted()
                #expect(names == ["Made after", "Never set", "Set its own"], "the rest of each document as it was")
                try await store.close()
            } catch {
                try? await store.close()
                throw error
            }
        }
    }
}
