public import Foundation

/// Finds what a developer must fix in an association file before devices will use it.
public struct AASAValidator: Sendable {
    public init() {}

    public func validate(_ data: Data) -> [AASAIssue] {
        var report = Report()
        if data.count > AASADocument.maximumSize {
            report.error("the file", "is \(data.count) bytes; Apple ignores files over \(AASADocument.maximumSize) bytes (128 KB)")
        }
        guard let root = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            report.error("the file", "is not valid JSON")
            return report.issues
        }
        guard let object = root.objectValue else {
            report.error("the file", "must be a JSON object, found \(root.typeName)")
            return report.issues
        }
        report.unknownKeys(object, allowed: ["applinks", "webcredentials", "appclips", "activitycontinuation"], at: "the file")
        if ["applinks", "webcredentials", "appclips", "activitycontinuation"].allSatisfy({ object[$0] == nil }) {
            report.error("the file", "declares no service: add \"applinks\" (or webcredentials, appclips, activitycontinuation)")
        }
        if let applinks = object["applinks"] { validateAppLinks(applinks, &report) }
        for section in ["webcredentials", "appclips", "activitycontinuation"] {
            if let value = object[section] { validateAppList(value, at: section, &report) }
        }
        return report.issues
    }

    private func validateAppLinks(_ value: JSONValue, _ report: inout Report) {
        guard let applinks = report.object(value, at: "applinks") else { return }
        report.unknownKeys(applinks, allowed: ["apps", "details", "defaults", "substitutionVariables"], at: "applinks")
        if let apps = applinks["apps"] {
            if let list = apps.arrayValue {
                if !list.isEmpty { report.error("applinks.apps", "must be an empty array; app IDs belong in \"details\"") }
            } else {
                report.error("applinks.apps", "must be an empty array, found \(apps.typeName)")
            }
        }
        var variables = SubstitutionVariables.predefinedOnly
        if let substitutions = applinks["substitutionVariables"] {
            variables = validateVariables(substitutions, &report)
        }
        if let defaults = applinks["defaults"] { validateDefaults(defaults, at: "applinks.defaults", variables: variables, &report) }
        guard let detailsValue = applinks["details"] else {
            report.error("applinks", "has no \"details\" array: no app can open any URL")
            return
        }
        let details: [(location: String, value: JSONValue, keyedAppID: String?)]
        if let list = detailsValue.arrayValue {
            details = list.enumerated().map { ("applinks.details[\($0.offset)]", $0.element, nil) }
        } else if let keyed = detailsValue.objectValue {
            report.warning(
                "applinks.details",
                "is a dictionary keyed by app ID, the iOS 9 form: iOS still reads it, "
                    + "but write an array of {\"appIDs\": [...], \"components\": [...]} (keeping \"paths\" for iOS 12 and older)")
            details = keyed.sorted { $0.key < $1.key }.map { ("applinks.details[\"\($0.key)\"]", $0.value, $0.key) }
        } else {
            report.error("applinks.details", "must be an array, found \(detailsValue.typeName)")
            return
        }
        let usesLegacyPaths = details.contains { $0.value.objectValue?["paths"] != nil && $0.value.objectValue?["components"] == nil }
        if usesLegacyPaths, applinks["apps"] == nil {
            report.warning("applinks", "iOS 12 and older need \"apps\": [] next to legacy \"paths\"")
        }
        for detail in details {
            validateDetail(detail.value, at: detail.location, keyedAppID: detail.keyedAppID, variables: variables, &report)
        }
    }

    private func validateDetail(
        _ value: JSONValue, at location: String, keyedAppID: String?, variables: SubstitutionVariables,
        _ report: inout Report
    ) {
        guard let detail = report.object(value, at: location) else { return }
        report.unknownKeys(detail, allowed: ["appID", "appIDs", "components", "paths", "defaults"], at: location)
        if let keyedAppID {
            report.appID(.string(keyedAppID), at: location)
        } else if detail["appID"] == nil, detail["appIDs"] == nil {
            report.error(location, "names no app: add \"appIDs\" (or \"appID\")")
        }
        if let appID = detail["appID"] { report.appID(appID, at: location + ".appID") }
        if let appIDs = detail["appIDs"] {
            if let list = appIDs.arrayValue {
                if list.isEmpty { report.error(location + ".appIDs", "is empty") }
                for (index, appID) in list.enumerated() { report.appID(appID, at: location + ".appIDs[\(index)]") }
            } else {
                report.error(location + ".appIDs", "must be an array of app IDs, found \(appIDs.typeName)")
            }
        }
        if let defaults = detail["defaults"] { validateDefaults(defaults, at: location + ".defaults", variables: variables, &report) }
        if detail["components"] == nil, detail["paths"] == nil {
            report.warning(location, "has neither \"components\" nor \"paths\": it opens no URL")
        }
        if let paths = detail["paths"] {
            if let list = paths.arrayValue {
                for (index, path) in list.enumerated() where path.stringValue == nil {
                    report.error(location + ".paths[\(index)]", "must be a string, found \(path.typeName)")
                }
            } else {
                report.error(location + ".paths", "must be an array of strings, found \(paths.typeName)")
            }
        }
        if let components = detail["components"] {
            guard let list = components.arrayValue else {
                report.error(location + ".components", "must be an array, found \(components.typeName)")
                return
            }
            for (index, component) in list.enumerated() {
                validateComponent(component, at: location + ".components[\(index)]", variables: variables, &report)
            }
        }
    }

    private func validateComponent(_ value: JSONValue, at location: String, variables: SubstitutionVariables, _ report: inout Report) {
        guard let component = report.object(value, at: location) else { return }
        report.unknownKeys(component, allowed: ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"], at: location)
        for key in ["exclude", "caseSensitive", "percentEncoded"] {
            if let flag = component[key], case .bool = flag {
            } else if let flag = component[key] {
                report.error(location + ".\(key)", "must be true or false, found \(flag.typeName)")
            }
        }
        if let comment = component["comment"], comment.stringValue == nil {
            report.error(location + ".comment", "must be a string, found \(comment.typeName)")
        }
        var patterns: [(String, String)] = []
        for key in ["/", "#"] {
            guard let pattern = component[key] else { continue }
            if let text = pattern.stringValue {
                patterns.append((location + "[\"\(key)\"]", text))
            } else {
                report.error(location + "[\"\(key)\"]", "must be a pattern string, found \(pattern.typeName)")
            }
        }
        switch component["?"] {
        case .string(let text)?: patterns.append((location + "[\"?\"]", text))
        case .object(let items)?:
            for (name, pattern) in items.sorted(by: { $0.key < $1.key }) {
                if let text = pattern.stringValue {
                    patterns.append((location + "[\"?\"][\"\(name)\"]", text))
                } else {
                    report.error(location + "[\"?\"][\"\(name)\"]", "is \(pattern.typeName), not a string: Apple ignores the whole query dictionary")
                }
            }
        case let other?:
            report.error(location + "[\"?\"]", "must be a pattern string or a dictionary of query item patterns, found \(other.typeName)")
        case nil: break
        }
        let percentEncoded = component["percentEncoded"] != .bool(false)
        for (where_, pattern) in patterns {
            for name in Self.variableNames(in: pattern) where !variables.isDefined(name) {
                report.error(where_, "uses $(\(name)), which is neither predefined nor in substitutionVariables: the rule never matches")
            }
            if percentEncoded, pattern.unicodeScalars.contains(where: { $0 == " " || !$0.isASCII }) {
                report.warning(
                    where_,
                    "contains a space or non-ASCII character, but the URL is compared percent-encoded: encode it, or set \"percentEncoded\": false")
            }
        }
    }

    /// Defaults take every component key; a pattern given here applies to each component
    /// that does not set its own.
    private func validateDefaults(_ value: JSONValue, at location: String, variables: SubstitutionVariables, _ report: inout Report) {
        validateComponent(value, at: location, variables: variables, &report)
        if value.objectValue?["exclude"] == .bool(true) {
            report.warning(location + ".exclude", "is true: every component that does not set \"exclude\" excludes what it matches")
        }
    }

    private func validateVariables(_ value: JSONValue, _ report: inout Report) -> SubstitutionVariables {
        guard let object = report.object(value, at: "applinks.substitutionVariables") else { return .predefinedOnly }
        var custom: [String: [String]] = [:]
        for (name, values) in object.sorted(by: { $0.key < $1.key }) {
            let location = "applinks.substitutionVariables[\"\(name)\"]"
            if name.isEmpty || name.contains(where: { "$()".contains($0) }) {
                report.error(location, "a variable name cannot be empty or contain $, ( or )")
            }
            if SubstitutionVariables.predefinedNames.contains(name) {
                report.warning(location, "redefines the predefined $(\(name))")
            }
            guard let list = values.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                report.error(location, "must be an array of strings")
                continue
            }
            let strings = list.compactMap(\.stringValue)
            if strings.isEmpty { report.warning(location, "has no values: patterns using it never match") }
            for text in strings where text.contains("$(") {
                report.error(location, "value \"\(text)\" uses another variable; values may hold only * and ? wildcards")
            }
            custom[name] = strings
        }
        return SubstitutionVariables(custom: custom)
    }

    private func validateAppList(_ value: JSONValue, at location: String, _ report: inout Report) {
        guard let section = report.object(value, at: location) else { return }
        report.unknownKeys(section, allowed: ["apps"], at: location)
        guard let apps = section["apps"]?.arrayValue else {
            report.error(location + ".apps", "must be an array of app IDs")
            return
        }
        for (index, appID) in apps.enumerated() { report.appID(appID, at: location + ".apps[\(index)]") }
    }

    static func variableNames(in pattern: String) -> [String] {
        var names: [String] = []
        var rest = Substring(pattern)
        while let start = rest.range(of: "$("), let end = rest[start.upperBound...].firstIndex(of: ")") {
            names.append(String(rest[start.upperBound..<end]))
            rest = rest[rest.index(after: end)...]
        }
        return names
    }
}

private struct Report {
    var issues: [AASAIssue] = []

    mutating func error(_ location: String, _ message: String) {
        issues.append(AASAIssue(.error, location, message))
    }

    mutating func warning(_ location: String, _ message: String) {
        issues.append(AASAIssue(.warning, location, message))
    }

    mutating func object(_ value: JSONValue, at location: String) -> [String: JSONValue]? {
        if let object = value.objectValue { return object }
        error(location, "must be an object, found \(value.typeName)")
        return nil
    }

    mutating func unknownKeys(_ object: [String: JSONValue], allowed: Set<String>, at location: String) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            warning(location, "unknown key \"\(key)\" is ignored by Apple (expected one of \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    mutating func appID(_ value: JSONValue, at location: String) {
        guard let text = value.stringValue else {
            error(location, "must be a string, found \(value.typeName)")
            return
        }
        if !AppID.isValid(text) {
            error(
                location,
                "\"\(text)\" is not an app ID: expected <Team ID>.<bundle ID>, the Team ID being ten upper-case letters or digits (ABCDE12345.com.example.app)"
            )
        }
    }
}
