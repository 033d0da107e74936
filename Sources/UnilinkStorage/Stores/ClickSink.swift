public import UnilinkCore

/// Where the click recorder writes its batches: the raw clicks and what they add to the
/// counters, as one unit of work. `SQLStore` writes both in one transaction. A deployment
/// that sends raw clicks elsewhere (Kafka, ClickHouse) adopts it with a sink that keeps the
/// counters in SQL and hands the rows on (Docs/ARCHITECTURE.md, "Beyond one database").
public protocol ClickSink: Sendable {
    /// Stores a batch, or throws and stores none of it (the recorder keeps it and retries).
    /// `steppingAside`: the batch may yield the core to requests meanwhile.
    func record(_ clicks: [ClickRecord], steppingAside: Bool) async throws
    /// Whether a batch may yield the core to requests at all.
    var canStepAside: Bool { get }
    /// A batch written stepping aside took too long: write at the normal priority again.
    func writeOverdue()
}

extension SQLStore: ClickSink {
    public func record(_ clicks: [ClickRecord], steppingAside: Bool) async throws {
        try await insert(clicks: clicks, steppingAside: steppingAside)
    }

    public var canStepAside: Bool { clickWritesCanStepAside }

    public func writeOverdue() { clickWriteOverdue() }
}
