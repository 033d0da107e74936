public import Foundation

/// One change a person or a machine made, as the audit log keeps it: who, what, to which
/// object, the fields it changed with their values before and after, when and from where.
/// Appended in the transaction of the change itself; never changed afterwards.
public struct AuditEntry: Sendable, Equatable {
    /// Time-ordered: entries page newest first by id.
    public var id: String
    public var time: Date
    public var actor: AuditActor
    /// `link.create`, `link.update`, `link.delete`, `app.create`, `app.update`,
    /// `app.key.rotate`, `dashboard.sign_in`, `dashboard.sign_in_failed`, `dashboard.sign_out`.
    public var action: String
    /// `link`, `app`, `session`.
    public var objectKind: String
    public var objectID: String
    public var appID: String?
    public var changes: [String: AuditChange]
    /// The client's address as the server read it (behind a trusted proxy, the address the
    /// proxy named).
    public var address: String?

    public init(
        id: String, time: Date, actor: AuditActor, action: String, objectKind: String, objectID: String, appID: String?,
        changes: [String: AuditChange] = [:], address: String?
    ) {
        self.id = id
        self.time = time
        self.actor = actor
        self.action = action
        self.objectKind = objectKind
        self.objectID = objectID
        self.appID = appID
        self.changes = changes
        self.address = address
    }
}

/// Who made a change: a person, their token, or a credential that is no one's (the admin
/// token, an app's keys).
public struct AuditActor: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The deployment's admin token, over the API.
        case adminToken = "admin_token"
        /// A dashboard session opened with the admin token or a secret key (`id`: the session's own id).
        case dashboard
        /// An app's secret key (`id`: the app), over the API, `unilink import` or Branch's endpoints.
        case secretKey = "secret_key"
        /// An app's publishable key (`id`: the app): the web SDK's and FDL's link creation.
        case publishableKey = "publishable_key"
        /// Nobody signed in: a failed sign-in.
        case anonymous
        /// A person (`id`: the user), in the dashboard.
        case user
        /// A person's API token (`id`: the token's `tok_` id).
        case apiToken = "api_token"
        /// The server's command line (`unilink users create`), run by whoever has the machine.
        case commandLine = "command_line"
    }

    public var kind: Kind
    public var id: String
    /// The person behind it: the user themselves, or a token's owner.
    public var userID: String?

    public init(_ kind: Kind, id: String, userID: String? = nil) {
        self.kind = kind
        self.id = id
        self.userID = userID
    }
}

/// A field's value before and after a change; nil where it had none.
public struct AuditChange: Sendable, Equatable, Codable {
    public var before: JSONValue?
    public var after: JSONValue?

    public init(before: JSONValue?, after: JSONValue?) {
        self.before = before
        self.after = after
    }
}
