import Foundation

/// The rules for a link's tags, shared by the API and the dashboard's form.
public enum LinkTags {
    public static let maxCount = 10
    public static let maxLength = 40

    /// The tags as stored: trimmed, repeats dropped, in the order given; or the problem
    /// with the first one that cannot be a tag.
    public static func checked(_ tags: [String]) -> Result<[String], Problem> {
        var kept: [String] = []
        for raw in tags {
            let tag = raw.trimmingCharacters(in: .whitespaces)
            if tag.isEmpty { continue }
            guard tag.unicodeScalars.count <= maxLength else { return .failure(.tooLong(tag)) }
            // A comma separates tags in the form and in exports; control characters have no place in a label.
            guard !tag.unicodeScalars.contains(where: { $0 == "," || $0.properties.generalCategory == .control }) else {
                return .failure(.character(tag))
            }
            if !kept.contains(tag) { kept.append(tag) }
        }
        guard kept.count <= maxCount else { return .failure(.tooMany(kept.count)) }
        return .success(kept)
    }

    /// Tags typed in one field, separated by commas.
    public static func parse(_ text: String) -> [String] {
        text.split(separator: ",").map(String.init)
    }

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case tooLong(String)
        case character(String)
        case tooMany(Int)

        public var description: String {
            switch self {
            case .tooLong(let tag): "the tag '\(tag.prefix(maxLength))…' is longer than \(maxLength) characters"
            case .character(let tag): "the tag '\(tag)' holds a comma or a control character"
            case .tooMany(let count): "a link has at most \(maxCount) tags; got \(count)"
            }
        }
    }
}
