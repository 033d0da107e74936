/// The first-party cookie on the link host that keeps a visitor in their A/B variant:
/// `ul_ab_<code>=<variant>`, for 90 days.
public enum VariantCookie {
    public static func name(code: String) -> String { "ul_ab_" + code }

    /// The value of cookie `name` in a `Cookie` header, found in place.
    public static func value(in header: Substring, name: String) -> Substring? {
        var rest = header[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: ";") ?? rest.endIndex
            var pair = rest[rest.startIndex..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            while pair.first == " " { pair = pair.dropFirst() }
            guard let equals = pair.firstIndex(of: "="), pair[pair.startIndex..<equals] == name[...] else { continue }
            return pair[pair.index(after: equals)...]
        }
        return nil
    }

    public static func setCookie(name: String, value: String, secure: Bool) -> String {
        "\(name)=\(value); Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }
}
