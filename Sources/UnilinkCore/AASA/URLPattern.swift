/// One AASA pattern (`/buy/*`, `$(lang)_$(region)`, `?*`), compiled once and matched
/// against a whole URL component without allocating.
///
/// `*` matches any run of characters (including `/`), `?` exactly one character,
/// `$(name)` any of the variable's values. Matching works on UTF-8 bytes; `?` and the
/// end of a `*` run always fall on whole Unicode scalars.
public struct URLPattern: Sendable, Equatable {
    enum Token: Sendable, Equatable {
        case literal([UInt8])
        case anyCharacter
        case anyRun
        case characterClass(CharacterClass)
        case oneOf([[Token]])
        /// A reference to an undefined variable: Apple cannot compile it, so it never matches.
        case never
    }

    let tokens: [Token]
    /// The text it was compiled from, for explanations.
    public let source: String

    /// - Parameters:
    ///   - caseSensitive: when false, the pattern is folded to lower case, and the input
    ///     must be folded the same way by the caller (`URLPattern.fold`).
    public init(_ source: String, variables: SubstitutionVariables = .predefinedOnly, caseSensitive: Bool = true) {
        self.source = source
        self.tokens = Self.compile(source, variables: variables, caseSensitive: caseSensitive, allowVariables: true)
    }

    /// Whether the pattern matches the whole of `input`.
    public func matches(_ input: String) -> Bool {
        if tokens.count == 1, tokens[0] == .anyRun { return true }
        var input = input
        return input.withUTF8 { bytes in
            // The set of input positions the pattern can have reached, advanced token by
            // token: linear in pattern length times input length, whatever the wildcards.
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: bytes.count + 1) { states in
                states.initialize(repeating: false)
                states[0] = true
                Self.advance(tokens[...], bytes, states)
                return states[bytes.count]
            }
        }
    }

    /// Case folding used on both sides when a rule is not case-sensitive.
    public static func fold(_ text: String) -> String {
        text.lowercased()
    }

    static func compile(_ source: String, variables: SubstitutionVariables, caseSensitive: Bool, allowVariables: Bool) -> [Token] {
        var tokens: [Token] = []
        var literal = ""
        func flush() {
            if !literal.isEmpty {
                tokens.append(.literal(Array((caseSensitive ? literal : fold(literal)).utf8)))
                literal = ""
            }
        }
        var index = source.startIndex
        while index < source.endIndex {
            let character = source[index]
            let rest = source[index...]
            if character == "*" {
                flush()
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            } else if character == "?" {
                flush()
                tokens.append(.anyCharacter)
            } else if allowVariables, rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
                flush()
                // Variable names stay case-sensitive even in a case-insensitive rule.
                let name = String(source[source.index(index, offsetBy: 2)..<close])
                tokens.append(variables.token(named: name, caseSensitive: caseSensitive))
                index = source.index(after: close)
                continue
            } else {
                literal.append(character)
            }
            index = source.index(after: index)
        }
        flush()
        return tokens
    }

    private static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0b1100_0000 == 0b1000_0000
    }

    /// Replaces `states` (positions reachable before `tokens`) by the positions reachable after them.
    static func advance(_ tokens: ArraySlice<Token>, _ input: UnsafeBufferPointer<UInt8>, _ states: UnsafeMutableBufferPointer<Bool>) {
        let end = input.count
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: states.count) { next in
            for token in tokens {
                next.update(repeating: false)
                switch token {
                case .literal(let bytes):
                    for position in 0...end where states[position] && end - position >= bytes.count {
                        if (0..<bytes.count).allSatisfy({ input[position + $0] == bytes[$0] }) { next[position + bytes.count] = true }
                    }
                case .anyCharacter:
                    for position in 0..<end where states[position] {
                        var after = position + 1
                        while after < end, isContinuation(input[after]) { after += 1 }
                        next[after] = true
                    }
                case .anyRun:
                    if let first = (0...end).first(where: { states[$0] }) {
                        for position in first...end where position == end || !isContinuation(input[position]) { next[position] = true }
                    }
                case .characterClass(let characterClass):
                    for position in 0..<end where states[position] && characterClass.contains(input[position]) { next[position + 1] = true }
                case .oneOf(let alternatives):
                    withUnsafeTemporaryAllocation(of: Bool.self, capacity: states.count) { alternativeStates in
                        for alternative in alternatives {
                            _ = alternativeStates.update(fromContentsOf: states)
                            advance(alternative[...], input, alternativeStates)
                            for position in 0...end where alternativeStates[position] { next[position] = true }
                        }
                    }
                case .never:
                    break
                }
                _ = states.update(fromContentsOf: next)
                if !states.contains(true) { return }
            }
        }
    }
}

/// The single-character predefined variables.
public enum CharacterClass: Sendable, Equatable {
    case alpha, upper, lower, alnum, digit, xdigit

    func contains(_ byte: UInt8) -> Bool {
        switch self {
        case .alpha: byte.isASCIIUpper || byte.isASCIILower
        case .upper: byte.isASCIIUpper
        case .lower: byte.isASCIILower
        case .alnum: byte.isASCIIUpper || byte.isASCIILower || byte.isASCIIDigit
        case .digit: byte.isASCIIDigit
        case .xdigit: byte.isASCIIDigit || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }
    }

    /// With case folded away, upper and lower case letters are the same letters.
    func folded() -> CharacterClass {
        switch self {
        case .upper, .lower: .alpha
        default: self
        }
    }
}
