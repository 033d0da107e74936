import Foundation
import Logging
import SQLKit
import Testing
import UnilinkTestSupport

@testable import UnilinkStorage

/// Upgrades without downtime: while one instance applies a rolling step, and after, the
/// instances of the build before keep serving. Each rolling step is applied to a real
/// database written up to the step before it, and the schema before must still take that
/// build's queries; a build serves a newer schema whose steps past its own are all rolling
/// and refuses one with any other; `migrate --rolling` applies nothing that is not.
@Suite("Rolling migrations on SQLite and PostgreSQL")
struct RollingMigrationTests {
    static let logger = Logger(label: "test")

    static func withStore<T>(_ location: DatabaseLocation, upTo version: Int, _ body: (SQLStore) async throws -> T) async throws -> T {
        let store = try await SQLStore.open(location, migratingTo: version, pool: .forTests, logger: logger)
        do {
            let result = try await body(store)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    @Test(arguments: TestDatabase.available)
    func everyRollingStepKeepsTheQueriesOfTheSchemaBefore(database: TestDatabase) async throws {
        for step in Migrations.rolling.sorted() {
            try await database.withFresh { location, _ in
                let before = try await Self.withStore(location, upTo: step - 1) { try await SchemaShape.read($0) }
                try await Self.withStore(location, upTo: step) { store in
                    let after = try await SchemaShape.read(store)
                    let problems = after.problems(since: before)
                    #expect(problems == [], "step \(step)")
                    try await before.writeAndReadEveryTable(on: store)
                }
            }
        }
    }

    /// The check above can fail: a step that renames, drops, requires or makes unique what
    /// the build before uses is caught by the shape, and the renamed column by the build's
    /// own write.
    @Test(arguments: TestDatabase.available)
    func aContractingStepIsCaught(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            try await Self.withStore(location, upTo: Migrations.latest) { store in
                let before = try await SchemaShape.read(store)
                for statement in [
                    "ALTER TABLE webhooks RENAME COLUMN campaign TO campaign_name", "DROP TABLE automated_counts",
                    "CREATE UNIQUE INDEX links_path_unique ON links (app_id, path)", "ALTER TABLE events ADD COLUMN source TEXT NOT NULL DEFAULT ''",
                ] {
                    try await store.database.raw("\(unsafeRaw: statement)").run()
                }
                let problems = try await SchemaShape.read(store).problems(since: before)
                #expect(
                    problems == [
                        "table automated_counts is gone", "links has a new unique key (app_id, path) the build before does not respect",
                        "webhooks.campaign is gone",
                    ])
                var previous = before
                previous.tables["automated_counts"] = nil
                await #expect(throws: (any Error).self) { try await previous.writeAndReadEveryTable(on: store) }
            }
        }
    }

    /// A build that knows schemas up to 23 serves a database at 24 (a rolling step past it);
    /// one that knows up to 21 refuses it, naming step 23, which is not rolling. A database
    /// from before `rolling` was recorded counts every step past the build as one that needs
    /// it stopped.
    @Test(arguments: TestDatabase.available)
    func aBuildServesANewerSchemaOnlyWhenEveryStepPastItsOwnIsRolling(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            try await Self.withStore(location, upTo: Migrations.latest) { store in
                // Holds while every step after 23 is rolling; the first that is not changes it.
                let served = try await Migrations.refuseNewer(on: store.database, knowing: 23)
                #expect(served == Migrations.latest)
                await #expect(throws: DatabaseProblem.newerSchema(found: Migrations.latest, supported: 21, stopping: 23)) {
                    try await Migrations.refuseNewer(on: store.database, knowing: 21)
                }
                let current = try await Migrations.refuseNewer(on: store.database, knowing: Migrations.latest)
                #expect(current == nil)
            }
        }
        // Schema 22 was written before `rolling` was recorded: even step 22, rolling as this
        // build knows, counts as one that needs the build of 21 stopped.
        _ = try await database.withFresh { location, _ in
            try await Self.withStore(location, upTo: 22) { store in
                await #expect(throws: DatabaseProblem.newerSchema(found: 22, supported: 21, stopping: 22)) {
                    try await Migrations.refuseNewer(on: store.database, knowing: 21)
                }
            }
        }
    }

    /// `migrate --rolling` on a database before step 23 (not rolling) changes nothing and
    /// names it; on one at 23, it applies the rolling steps after it.
    @Test(arguments: TestDatabase.available)
    func migratingRollingOnlyAppliesNothingThatNeedsTheOlderInstancesStopped(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            try await Self.withStore(location, upTo: 22) { _ in }
            await #expect(throws: DatabaseProblem.notRolling(steps: [23], current: 22)) {
                try await SQLStore.open(location, migrate: true, rollingOnly: true, pool: .forTests, logger: Self.logger).close()
            }
            #expect(try await Self.withStore(location, upTo: 22) { try await $0.schemaVersion() } == 22)
            try await Self.withStore(location, upTo: 23) { _ in }
            try await SQLStore.open(location, migrate: true, rollingOnly: true, pool: .forTests, logger: Self.logger).close()
            #expect(try await Self.withStore(location, upTo: Migrations.latest) { try await $0.schemaVersion() } == Migrations.latest)
        }
    }
}
