/// What the in-memory parts may hold, in bytes (`UNILINK_LINK_CACHE_MB`,
/// `UNILINK_PREVIEW_CACHE_MB`, `UNILINK_CLICK_QUEUE_MB`), as the values' estimates count
/// them (inline size plus heap buffers). The defaults bound the estimates at 256 MB
/// whatever the requests; resident memory runs up to about 2 x the estimate (malloc's and the
/// containers' slack, measured by `Benchmarks/memory.py`).
public struct MemoryBudget: Sendable, Equatable {
    public var linkCacheBytes = 128 << 20
    public var previewCacheBytes = 32 << 20
    public var clickQueueBytes = 96 << 20

    public init() {}
}
