public import Foundation

/// Finds what keeps Android from verifying App Links with an `assetlinks.json` file: its
/// shape (a list of statements), the `handle_all_urls` relation, the app's package name and
/// its certificates' SHA-256 fingerprints as Android compares them (32 colon-separated
/// upper-case hex bytes). `package` and `fingerprint`, when given, must be claimed.
public struct AssetLinksValidator: Sendable {
    static let handleAllURLs = "delegate_permission/common.handle_all_urls"

    public init() {}

    public func validate(_ data: Data, package: String? = nil, fingerprint: String? = nil) -> [AASAIssue] {
        var issues: [AASAIssue] = []
        guard let root = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            return [AASAIssue(.error, "the file", "is not valid JSON")]
        }
        guard case .array(let statements) = root else {
            return [AASAIssue(.error, "the file", "must be a JSON array of statements, found \(root.typeName)")]
        }
        var claimed: [String: Set<String>] = [:]
        for (index, statement) in statements.enumerated() {
            let at = "[\(index)]"
            guard let object = statement.objectValue else {
                issues.append(AASAIssue(.error, at, "must be an object with \"relation\" and \"target\", found \(statement.typeName)"))
                continue
            }
            guard case .array(let relations) = object["relation"] ?? .null, !relations.isEmpty, relations.allSatisfy({ $0.stringValue != nil }) else {
                issues.append(AASAIssue(.error, "\(at).relation", "must be a non-empty array of strings"))
                continue
            }
            guard let target = object["target"]?.objectValue, let namespace = target["namespace"]?.stringValue else {
                issues.append(AASAIssue(.error, "\(at).target", "must be an object with a \"namespace\""))
                continue
            }
            guard namespace == "android_app" else { continue }
            guard let name = target["package_name"]?.stringValue, Self.isPackageName(name) else {
                issues.append(AASAIssue(.error, "\(at).target.package_name", "must be an Android package name such as com.example.app"))
                continue
            }
            guard case .array(let prints) = target["sha256_cert_fingerprints"] ?? .null, !prints.isEmpty else {
                issues.append(
                    AASAIssue(.error, "\(at).target.sha256_cert_fingerprints", "must list the SHA-256 fingerprint of the app's signing certificate"))
                continue
            }
            var valid: Set<String> = []
            for (position, value) in prints.enumerated() {
                let place = "\(at).target.sha256_cert_fingerprints[\(position)]"
                guard let text = value.stringValue, Self.isFingerprint(text.uppercased()) else {
                    issues.append(AASAIssue(.error, place, "must be 32 hex bytes separated by colons (14:6D:E9:...)"))
                    continue
                }
                if text != text.uppercased() { issues.append(AASAIssue(.warning, place, "write it in upper case, as Android's tools print it")) }
                valid.insert(text.uppercased())
            }
            if relations.contains(.string(Self.handleAllURLs)) { claimed[name, default: []].formUnion(valid) }
        }
        if claimed.isEmpty {
            issues.append(
                AASAIssue(.error, "the file", "no statement gives an Android app \"\(Self.handleAllURLs)\": App Links will not verify"))
        }
        if let package {
            if let prints = claimed[package] {
                if let fingerprint, !prints.contains(fingerprint.uppercased()) {
                    issues.append(
                        AASAIssue(
                            .error, "the file",
                            "\(package) is listed without the fingerprint \(fingerprint.uppercased()) (with Play App Signing, the Play key's)"))
                }
            } else if !claimed.isEmpty {
                issues.append(
                    AASAIssue(.error, "the file", "\(package) is not one of the apps listed (\(claimed.keys.sorted().joined(separator: ", ")))"))
            }
        }
        return issues
    }

    /// The package names of the apps the file lets handle every URL, for a summary.
    public func apps(in data: Data) -> [String] {
        guard case .array(let statements) = (try? JSONDecoder().decode(JSONValue.self, from: data)) ?? .null else { return [] }
        return statements.compactMap { statement -> String? in
            guard let object = statement.objectValue, case .array(let relations) = object["relation"] ?? .null,
                relations.contains(.string(Self.handleAllURLs)), let target = object["target"]?.objectValue,
                target["namespace"]?.stringValue == "android_app"
            else { return nil }
            return target["package_name"]?.stringValue
        }
    }

    /// Two or more segments of ASCII letters, digits and underscores, each starting with a letter.
    static func isPackageName(_ name: String) -> Bool {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        return segments.count >= 2
            && segments.allSatisfy { segment in
                guard let first = segment.first, first.isASCII, first.isLetter else { return false }
                return segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
    }

    static func isFingerprint(_ text: String) -> Bool {
        let bytes = text.split(separator: ":", omittingEmptySubsequences: false)
        return bytes.count == 32 && bytes.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isHexDigit) }
    }
}
