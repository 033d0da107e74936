/// A destination: the parser must finish, and whatever it accepts for the allow-list
/// must be a host the policy would accept again from its own parse.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDestinationURL(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let app = App(
        id: "app_1", name: "Fuzz", ios: .init(teamID: "ABCDE12345", bundleID: "com.example.app", appStoreID: "1", scheme: "shop"),
        web: .init(fallbackURL: "https://www.example.com/", allowedHosts: ["www.example.com", "*.cdn.example.com"]),
        domains: [.init(host: "link.example.com", role: .primary)], paths: ["/*"]
    )
    let policy = DestinationPolicy(app: app)
    if policy.problem(with: text, kind: .web) == nil, case .success(let url) = DestinationURL.parse(text) {
        let allowed = ["www.example.com", "link.example.com"].contains(url.host) || url.host.hasSuffix(".cdn.example.com")
        precondition(allowed, "accepted a destination on \(url.host)")
        // `@` may appear in a path or query, never before the host; a backslash nowhere.
        let authority = text.drop(while: { $0 != ":" }).dropFirst().drop(while: { $0 == "/" }).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        precondition(!text.contains("\\") && !authority.contains("@"), "accepted \(text)")
    }
    _ = policy.problem(with: text, kind: .platform)
    return 0
}
