import Foundation
import Logging
import Testing
import UnilinkStorage
import UnilinkTestSupport

/// What signing in keeps between requests lives in the database, so two instances on one
/// database share it: a single sign-on's `state` is taken once even by two callbacks racing
/// on two instances, and an account's failed attempts count wherever they were made.
@Suite("Sign-in state shared by instances")
struct SignInStateTests {
    @Test(arguments: TestDatabase.available)
    func aStateIsTakenOnceAndFailuresCountOnEveryInstance(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let a = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "a"))
            // A SQLite file is one instance's; PostgreSQL has two here.
            let b: SQLStore
            do { b = database == .postgres ? try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "b")) : a } catch {
                try? await a.close()
                throw error
            }
            do {
                // Whole milliseconds, as the database keeps times.
                let now = Date(timeIntervalSince1970: (Date.now.timeIntervalSince1970 * 1000).rounded() / 1000)
                for round in 0..<20 {
                    let login = SingleSignOnLogin(
                        stateHash: "state-\(round)", nonce: "nonce-\(round)", verifier: "verifier", redirectURI: "https://go.example.com/sign-in/sso",
                        expiresAt: now.addingTimeInterval(600))
                    try await (round.isMultiple(of: 2) ? a : b).insert(login: login)
                    async let onA = a.takeLogin(stateHash: login.stateHash, at: now)
                    async let onB = b.takeLogin(stateHash: login.stateHash, at: now)
                    let taken = [try await onA, try await onB].compactMap { $0 }
                    #expect(taken == [login], "round \(round): one of the two callbacks gets it")
                }
                let stale = SingleSignOnLogin(
                    stateHash: "stale", nonce: "n", verifier: "v", redirectURI: "https://go.example.com/sign-in/sso", expiresAt: now)
                try await a.insert(login: stale)
                #expect(try await b.takeLogin(stateHash: "stale", at: now) == nil, "expired when its time has come")

                let account = "olga@example.com"
                for attempt in 0..<6 {
                    try await (attempt.isMultiple(of: 2) ? a : b).recordSignInFailure(
                        accountKey: account, at: now.addingTimeInterval(Double(attempt)))
                }
                try await a.recordSignInFailure(accountKey: "someone-else@example.com", at: now)
                #expect(try await a.signInFailures(accountKey: account, since: now.addingTimeInterval(-60)) == 6)
                #expect(try await b.signInFailures(accountKey: account, since: now.addingTimeInterval(-60)) == 6)
                #expect(try await b.signInFailures(accountKey: account, since: now.addingTimeInterval(3)) == 3, "only those in the window")
                try await b.clearSignInFailures(accountKey: account)
                #expect(try await a.signInFailures(accountKey: account, since: now.addingTimeInterval(-60)) == 0, "a success on B clears A's count")
                #expect(try await a.signInFailures(accountKey: "someone-else@example.com", since: now.addingTimeInterval(-60)) == 1)
                try await a.close()
                if b !== a { try await b.close() }
            } catch {
                try? await a.close()
                if b !== a { try? await b.close() }
                throw error
            }
        }
    }
}
