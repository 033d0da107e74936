/// `applinks.substitutionVariables` plus Apple's predefined variables.
public struct SubstitutionVariables: Sendable, Equatable {
    /// Custom variables: name -> values (patterns that may hold `*` and `?`, not variables).
    public let custom: [String: [String]]

    public static let predefinedOnly = SubstitutionVariables(custom: [:])

    /// The names Apple defines itself.
    public static let predefinedNames: Set<String> = ["alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang"]

    public init(custom: [String: [String]]) {
        self.custom = custom
    }

    /// Whether `$(name)` means something.
    public func isDefined(_ name: String) -> Bool {
        custom[name] != nil || Self.predefinedNames.contains(name)
    }

    func token(named name: String, caseSensitive: Bool) -> URLPattern.Token {
        // A custom variable shadows a predefined one of the same name.
        if let values = custom[name] {
            return .oneOf(
                values.map {
                    URLPattern.compile($0, variables: .predefinedOnly, caseSensitive: caseSensitive, allowVariables: false)
                })
        }
        let characterClass: CharacterClass? =
            switch name {
            case "alpha": .alpha
            case "upper": .upper
            case "lower": .lower
            case "alnum": .alnum
            case "digit": .digit
            case "xdigit": .xdigit
            default: nil
            }
        if let characterClass {
            return .characterClass(caseSensitive ? characterClass : characterClass.folded())
        }
        switch name {
        case "region": return caseSensitive ? Self.regionToken : Self.foldedRegionToken
        case "lang": return caseSensitive ? Self.languageToken : Self.foldedLanguageToken
        default: return .never
        }
    }

    private static func codes(_ list: [String], folded: Bool) -> URLPattern.Token {
        .oneOf(list.map { [.literal(Array((folded ? URLPattern.fold($0) : $0).utf8))] })
    }

    private static let regionToken = codes(ISOCodes.regions, folded: false)
    private static let foldedRegionToken = codes(ISOCodes.regions, folded: true)
    private static let languageToken = codes(ISOCodes.languages, folded: false)
    private static let foldedLanguageToken = codes(ISOCodes.languages, folded: true)
}
