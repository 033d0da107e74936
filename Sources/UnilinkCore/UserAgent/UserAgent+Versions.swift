import Foundation

extension UserAgent {
    static func osVersion(_ text: UTF8Text, os: OS) -> String? {
        switch os {
        case .ios:
            // "CPU iPhone OS 17_5_1 like Mac OS X", "CPU OS 17_4 like Mac OS X"
            guard let cpu = text.offset(of: "CPU "), let osToken = text.offset(of: "OS ", from: cpu) else { return nil }
            return dotted(text, from: osToken + 3)
        case .android:
            guard let android = text.offset(of: "Android ") else { return nil }
            return dotted(text, from: android + 8)
        case .macos:
            guard let mac = text.offset(of: "Mac OS X ") else { return nil }
            return dotted(text, from: mac + 9)
        case .windows:
            guard let nt = text.offset(of: "Windows NT ") else { return nil }
            return dotted(text, from: nt + 11)
        case .chromeos:
            guard let cros = text.offset(of: "CrOS "), let space = text.offset(of: " ", from: cros + 5) else { return nil }
            return dotted(text, from: space + 1)
        case .linux, .other:
            return nil
        }
    }

    /// Safari's own version (`Version/26.1 Mobile/15E148 Safari/604.1` -> "26.1"); `nil`
    /// for other browsers and in-app browsers.
    public static func safariVersion(_ header: String) -> String? {
        guard header.contains("Safari/"), !header.contains("CriOS/"), !header.contains("FxiOS/"), !header.contains("EdgiOS/"),
              let range = header.range(of: "Version/") else { return nil }
        let version = header[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return version.first?.isNumber == true ? String(version) : nil
    }

    /// Digits with `_` or `.` between them, as `17.5.1`.
    private static func dotted(_ text: UTF8Text, from start: Int) -> String? {
        guard let raw = text.string(from: start, limit: 16, until: { !($0.isASCIIDigit || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")) }) else { return nil }
        var version = raw.replacingUnderscoresWithDots()
        while version.hasSuffix(".") { version.removeLast() }
        return version.isEmpty ? nil : version
    }

    static func model(_ text: UTF8Text, os: OS) -> String? {
        switch os {
        case .ios:
            // In-app browsers name the hardware: "FBDV/iPhone15,2", "(iPhone14,5; iOS 17_4", "Weibo (iPhone7,2__weibo__".
            if let fbdv = text.offset(of: "FBDV/") {
                return text.string(from: fbdv + 5, limit: 24) { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "]") }
            }
            for prefix: StaticString in ["(iPhone", "(iPad"] {
                var from = 0
                while let start = text.offset(of: prefix, from: from) {
                    let next = start + prefix.utf8CodeUnitCount
                    if next < text.bytes.count, text.bytes[next].isASCIIDigit {
                        return text.string(from: start + 1, limit: 16) { !($0.isASCIIDigit || $0.isASCIIUpper || $0.isASCIILower || $0 == UInt8(ascii: ",")) }
                    }
                    from = next
                }
            }
            return nil
        case .android:
            // "(Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv)": the part after the version.
            guard let android = text.offset(of: "Android "),
                  let semicolon = text.offset(of: "; ", from: android) else { return nil }
            guard var model = text.string(from: semicolon + 2, limit: 48, until: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ")") }) else { return nil }
            if let build = model.firstRange(of: " Build/") { model = String(model[..<build.lowerBound]) }
            if model.hasPrefix("SAMSUNG ") { model = String(model.dropFirst(8)) }
            // Reduced User-Agents say "K"; "Mobile"/"Tablet" are Firefox's form factors, "wv" a web view marker.
            return ["K", "Mobile", "Tablet", "wv", "U", ""].contains(model) || model.hasPrefix("rv:") ? nil : model
        default:
            return nil
        }
    }
}

extension String {
    fileprivate func replacingUnderscoresWithDots() -> String {
        String(unicodeScalars.map { $0 == "_" ? "." : Character($0) })
    }
}
