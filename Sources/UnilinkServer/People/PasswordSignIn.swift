import Foundation
import UnilinkCore
import UnilinkStorage

/// Signing in with an e-mail address and a password, and the second factor after it.
/// Every refusal reads the same and takes as long (an unknown address is checked against
/// a decoy hash, a disabled account's password is checked too), so the answer tells no
/// one which addresses have accounts. Failures are counted per account in the database
/// (every instance sees them), on top of the per-address limit in front of the form.
struct PasswordSignIn: Sendable {
    let store: any PeopleStore & AuditStore
    let passwords: Passwords

    /// Failed passwords for one address within `failureWindow` before it refuses to check more.
    static let maxFailures = 10
    /// Wrong codes for one pending sign-in before it has to start again.
    static let maxCodeFailures = 5
    static let failureWindow: TimeInterval = 15 * 60

    enum Outcome: Sendable {
        case signedIn(User)
        /// The password was right; the account has a second factor.
        case needsCode(User)
        case refused
        case tooManyFailures
    }

    func attempt(email: String, password: String, address: String?, at now: Date = .now) async throws -> Outcome {
        let email = User.normalize(email: email)
        let key = Self.accountKey(email)
        guard try await store.signInFailures(accountKey: key, since: now.addingTimeInterval(-Self.failureWindow)) < Self.maxFailures else {
            return .tooManyFailures
        }
        let user = try await store.user(email: email)
        let matches = try await passwords.verify(password, hash: user?.passwordHash)
        guard let user, matches, !user.isDisabled else {
            try await store.recordSignInFailure(accountKey: key, at: now)
            try await store.append(
                audit: AuditEntry(
                    id: Identifiers.auditID(at: now), time: now, actor: AuditActor(.anonymous, id: ""), action: "dashboard.sign_in_failed",
                    objectKind: "user", objectID: user?.id ?? "", appID: nil,
                    changes: ["email": AuditChange(before: nil, after: .string(String(email.prefix(254))))], address: address))
            return .refused
        }
        try await store.clearSignInFailures(accountKey: key)
        return user.totpSecret == nil ? .signedIn(user) : .needsCode(user)
    }

    enum CodeOutcome: Sendable {
        case accepted
        case wrong
        /// Too many wrong codes: the pending sign-in ends.
        case exhausted
    }

    /// The second factor of a pending sign-in; a code is good once.
    func confirm(code: String, user: User, address: String?, at now: Date = .now) async throws -> CodeOutcome {
        let key = "code:" + user.id
        guard try await store.signInFailures(accountKey: key, since: now.addingTimeInterval(-Self.failureWindow)) < Self.maxCodeFailures else {
            return .exhausted
        }
        if let secret = user.totpSecret, let step = SecondFactor.step(of: code, secret: secret, at: now),
            try await store.useTOTPStep(step, userID: user.id)
        {
            try await store.clearSignInFailures(accountKey: key)
            return .accepted
        }
        try await store.recordSignInFailure(accountKey: key, at: now)
        try await store.append(
            audit: AuditEntry(
                id: Identifiers.auditID(at: now), time: now, actor: AuditActor(.anonymous, id: ""), action: "dashboard.sign_in_failed",
                objectKind: "user", objectID: user.id, appID: nil, changes: ["second_factor": AuditChange(before: nil, after: .string("wrong"))],
                address: address))
        return .wrong
    }

    /// Failures are counted by the address's hash: known or not, every address is counted alike.
    static func accountKey(_ email: String) -> String { Identifiers.hash("account:" + email) }
}
