/// How long raw records are kept, in days (`UNILINK_CLICK_RETENTION_DAYS`, ...).
public struct Retention: Sendable, Equatable {
    /// Raw clicks; afterwards only their counters remain.
    public var clickDays = 90
    /// SDK events (installs, opens, custom).
    public var eventDays = 395
    /// The answer each install got to its deferred call (a retry gets the same answer).
    public var deferredAnswerDays = 30
    /// The audit log: who changed what.
    public var auditDays = 730

    public init() {}
}
