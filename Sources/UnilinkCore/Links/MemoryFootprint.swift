import UnilinkAPI

/// Bytes a value holds in memory: its own inline size (`MemoryLayout` stride) plus the heap
/// buffers of its strings and collections. What the caches and the click queue charge
/// against their byte budgets; `Benchmarks/memory.py` compares it with resident growth.
public protocol MemoryFootprint {
    var estimatedBytes: Int { get }
}

/// Heap sizes as Swift and malloc lay them out on 64-bit platforms.
enum HeapBytes {
    /// Strings of up to 15 UTF-8 bytes live inline; longer ones own a buffer with a
    /// 32-byte header, the bytes and a terminator, rounded to malloc's 16, plus its 16.
    static func of(_ text: String?) -> Int {
        guard let count = text?.utf8.count, count > 15 else { return 0 }
        return 48 + ((count + 1 + 15) & ~15)
    }

    /// A dictionary's storage: a header, and key and value slots for a power-of-two
    /// capacity at three quarters' load at most.
    static func of<Key, Value>(_ dictionary: [Key: Value], keys: (Key) -> Int = { _ in 0 }, values: (Value) -> Int) -> Int {
        guard !dictionary.isEmpty else { return 0 }
        var capacity = 1
        while capacity * 3 < dictionary.count * 4 { capacity *= 2 }
        let slots = capacity * (MemoryLayout<Key>.stride + MemoryLayout<Value>.stride) + capacity / 8
        return 64 + slots + dictionary.reduce(0) { $0 + keys($1.key) + values($1.value) }
    }

    static func of(_ strings: [String]) -> Int {
        strings.isEmpty ? 0 : 48 + strings.count * MemoryLayout<String>.stride + strings.reduce(0) { $0 + of($1) }
    }
}

extension LinkContent: MemoryFootprint {
    /// Inline size and heap buffers.
    public var estimatedBytes: Int { MemoryLayout<LinkContent>.stride + heapBytes }

    /// Summed field by field: the click queue charges every record it takes, and an array
    /// of the fields would cost an allocation and a reference per string each time.
    var heapBytes: Int {
        var bytes = HeapBytes.of(path) + HeapBytes.of(deepLinkValue) + HeapBytes.of(ref)
        bytes += HeapBytes.of(webURL) + HeapBytes.of(iosURL) + HeapBytes.of(androidURL) + HeapBytes.of(desktopURL)
        bytes += HeapBytes.of(minAppVersion?.ios) + HeapBytes.of(minAppVersion?.android)
        bytes += HeapBytes.of(social?.title) + HeapBytes.of(social?.description) + HeapBytes.of(social?.imageURL)
        bytes += HeapBytes.of(campaign?.channel) + HeapBytes.of(campaign?.campaign) + HeapBytes.of(campaign?.feature)
        bytes += HeapBytes.of(campaign?.source) + HeapBytes.of(campaign?.medium)
        bytes += HeapBytes.of(dynamicLinkQuery)
        bytes += HeapBytes.of(deepLinkSubs) { HeapBytes.of($0) }
        bytes += HeapBytes.of(data, keys: { HeapBytes.of($0) }, values: { HeapBytes.of($0) })
        return bytes
    }
}

extension Link: MemoryFootprint {
    public var estimatedBytes: Int {
        MemoryLayout<Link>.stride + HeapBytes.of(id) + HeapBytes.of(appID) + HeapBytes.of(code) + HeapBytes.of(alias) + content.heapBytes
    }
}

extension ClickRecord: MemoryFootprint {
    /// The record's inline size holds room for a pending click whether it has one or not.
    public var estimatedBytes: Int {
        var bytes = MemoryLayout<ClickRecord>.stride + HeapBytes.of(clickID) + HeapBytes.of(appID) + HeapBytes.of(linkID)
        bytes += HeapBytes.of(host) + HeapBytes.of(path) + HeapBytes.of(inAppBrowser)
        return bytes + (pending?.heapBytes ?? 0)
    }
}

extension PendingClick {
    var heapBytes: Int {
        var bytes = HeapBytes.of(clickID) + HeapBytes.of(appID) + HeapBytes.of(linkID) + HeapBytes.of(networkKey) + HeapBytes.of(prefixKey)
        bytes += HeapBytes.of(osVersion) + HeapBytes.of(model) + HeapBytes.of(safariVersion) + HeapBytes.of(consumedBy)
        return bytes + content.heapBytes + HeapBytes.of(acceptLanguages) + HeapBytes.of(signals?.languages ?? [])
    }
}
