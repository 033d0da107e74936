internal import CUnicodeIDNA

/// Domain to ASCII (UTS #46 ToASCII) as the URL Standard asks for it: nontransitional,
/// CheckBidi, CheckJoiners, without STD3 rules, hyphen checks or DNS lengths. ICU does
/// the mapping, normalization, validity checks and Punycode: the one Foundation ships,
/// so the answers are the tables browsers use, not an approximation of them.
public enum IDNA {
    /// What UTS #46 found wrong with a name, as ICU's `UIDNA_ERROR_*` bits.
    public struct Errors: OptionSet, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let emptyLabel = Errors(rawValue: 0x1)
        public static let labelTooLong = Errors(rawValue: 0x2)
        public static let domainNameTooLong = Errors(rawValue: 0x4)
        public static let leadingHyphen = Errors(rawValue: 0x8)
        public static let trailingHyphen = Errors(rawValue: 0x10)
        public static let hyphen3And4 = Errors(rawValue: 0x20)
        public static let leadingCombiningMark = Errors(rawValue: 0x40)
        public static let disallowed = Errors(rawValue: 0x80)
        public static let punycode = Errors(rawValue: 0x100)
        public static let labelHasDot = Errors(rawValue: 0x200)
        public static let invalidACELabel = Errors(rawValue: 0x400)
        public static let bidi = Errors(rawValue: 0x800)
        public static let contextJ = Errors(rawValue: 0x1000)

        /// The checks the URL Standard turns off: CheckHyphens=false, VerifyDnsLength=false.
        public static let ignoredByBrowsers: Errors = [
            .emptyLabel, .labelTooLong, .domainNameTooLong, .leadingHyphen, .trailingHyphen, .hyphen3And4,
        ]

        public var description: String {
            let reasons: [(Errors, String)] = [
                (.disallowed, "a character that host names cannot hold"),
                (.punycode, "an xn-- label that is not valid Punycode"),
                (.invalidACELabel, "an xn-- label that does not decode to a valid name"),
                (.labelHasDot, "an xn-- label that decodes to a dot"),
                (.leadingCombiningMark, "a label that starts with a combining mark"),
                (.bidi, "right-to-left and left-to-right text mixed against the Bidi rule"),
                (.contextJ, "a zero-width joiner or non-joiner where its script does not allow one"),
                (.emptyLabel, "an empty label"), (.labelTooLong, "a label over 63 bytes"),
                (.domainNameTooLong, "a name over 253 bytes"), (.leadingHyphen, "a label starting with '-'"),
                (.trailingHyphen, "a label ending with '-'"), (.hyphen3And4, "'--' in a label's third and fourth places"),
            ]
            let named = reasons.filter { contains($0.0) }.map(\.1)
            return named.isEmpty ? "an error ICU did not name (\(rawValue))" : named.joined(separator: ", ")
        }
    }

    public enum Failure: Error, Equatable, Sendable {
        case invalid(Errors)
        /// ICU could not run at all (its data missing); no name passes then.
        case unavailable
    }

    /// The ASCII form of `name` (UTF-8, already percent-decoded), or what is wrong with it.
    /// Errors browsers ignore are ignored here too.
    public static func toASCII(_ name: some Collection<UInt8>) -> Result<String, Failure> {
        let input = Array(name)
        guard input.count < Int32.max / 4 else { return .failure(.invalid(.domainNameTooLong)) }
        var capacity = max(64, input.count * 4 + 16)
        while true {
            var errors: UInt32 = 0
            var output = [UInt8](repeating: 0, count: capacity)
            let written = input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { destination in
                    source.withMemoryRebound(to: CChar.self) { name in
                        destination.withMemoryRebound(to: CChar.self) { dest in
                            unilink_domain_to_ascii(name.baseAddress, Int32(name.count), dest.baseAddress, Int32(dest.count), &errors)
                        }
                    }
                }
            }
            guard written >= 0 else { return .failure(.unavailable) }
            if Int(written) > capacity {
                capacity = Int(written)
                continue
            }
            let found = Errors(rawValue: errors).subtracting(.ignoredByBrowsers)
            guard found.isEmpty else { return .failure(.invalid(found)) }
            return .success(String(decoding: output[..<Int(written)], as: UTF8.self))
        }
    }

    /// The Unicode version of ICU's tables ("16.0.0"): test data must be of the same version.
    public static var unicodeVersion: String {
        var version: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &version) { unilink_idna_unicode_version($0.bindMemory(to: UInt8.self).baseAddress) }
        return "\(version.0).\(version.1).\(version.2)"
    }
}
