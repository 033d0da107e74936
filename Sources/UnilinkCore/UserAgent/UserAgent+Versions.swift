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
        case .harmony:
            // "(Phone; OpenHarmony 5.0)": the base system's version; HarmonyOS's own may follow it.
            guard let harmony = text.offset(of: "OpenHarmony ") else { return nil }
            return dotted(text, from: harmony + 12)
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
        var header = header
        return header.withUTF8 { bytes in
            let text = UTF8Text(bytes: bytes)
            guard text.contains("Safari/"), !text.contains("CriOS/"), !text.contains("FxiOS/"), !text.contains("EdgiOS/"),
                let version = text.offset(of: "Version/"),
                let value = text.string(from: version + 8, limit: 16, until: { !($0.isASCIIDigit || $0 == UInt8(ascii: ".")) }),
                value.utf8.first?.isASCIIDigit == true
            else { return nil }
            return value
        }
    }

    /// Digits with `_` or `.` between them, as `17.5.1`, built on the stack (a version
    /// fits a small string: nothing is allocated).
    private static func dotted(_ text: UTF8Text, from start: Int) -> String? {
        let bytes = text.bytes
        var end = start
        while end < bytes.count, end - start < 16,
            bytes[end].isASCIIDigit || bytes[end] == UInt8(ascii: "_") || bytes[end] == UInt8(ascii: ".")
        { end += 1 }
        while end > start, !bytes[end - 1].isASCIIDigit { end -= 1 }
        guard end > start else { return nil }
        return String(unsafeUninitializedCapacity: end - start) { buffer in
            for index in start..<end {
                buffer[index - start] = bytes[index] == UInt8(ascii: "_") ? UInt8(ascii: ".") : bytes[index]
            }
            return end - start
        }
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
                        return text.string(from: start + 1, limit: 16) {
                            !($0.isASCIIDigit || $0.isASCIIUpper || $0.isASCIILower || $0 == UInt8(ascii: ","))
                        }
                    }
                    from = next
                }
            }
            return nil
        case .android:
            // "(Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv)": the part after the version.
            guard let android = text.offset(of: "Android "),
                let semicolon = text.offset(of: "; ", from: android)
            else { return nil }
            let start = semicolon + 2
            var end = start
            while end < text.bytes.count, end - start < 48, text.bytes[end] != UInt8(ascii: ";"), text.bytes[end] != UInt8(ascii: ")") { end += 1 }
            var model = UTF8Text(bytes: UnsafeBufferPointer(rebasing: text.bytes[start..<end]))
            if let build = model.offset(of: " Build/") { model = model.prefix(build) }
            if model.hasPrefix("SAMSUNG ") { model = model.dropFirst(8) }
            // Reduced User-Agents say "K"; "Mobile"/"Tablet" are Firefox's form factors, "wv" a web view marker.
            if model.bytes.isEmpty || model.hasPrefix("rv:") { return nil }
            for placeholder: StaticString in ["K", "Mobile", "Tablet", "wv", "U"] where model.equals(placeholder) { return nil }
            return String(decoding: model.bytes, as: UTF8.self)
        default:
            return nil
        }
    }
}
