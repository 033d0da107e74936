/// Any header text: classification must finish and agree with itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUserAgent(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let header = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let agent = UserAgent(header)
    precondition(agent == UserAgent(header), "classification is deterministic")
    _ = UserAgent.safariVersion(header)
    _ = ClickPlatform(agent)
    return 0
}
