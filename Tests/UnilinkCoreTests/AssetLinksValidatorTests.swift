import Foundation
import Testing
import UnilinkCore

@Suite("assetlinks.json as Android verifies it")
struct AssetLinksValidatorTests {
    static let print = (0..<32).map { String(format: "%02X", $0 * 7 % 256) }.joined(separator: ":")

    static func statement(
        _ package: String = "com.example.shop", prints: [String] = [print], relation: String = "delegate_permission/common.handle_all_urls"
    )
        -> String
    {
        let list = prints.map { "\"\($0)\"" }.joined(separator: ",")
        return
            #"{"relation":["\#(relation)"],"target":{"namespace":"android_app","package_name":"\#(package)","sha256_cert_fingerprints":[\#(list)]}}"#
    }

    static func messages(_ json: String, package: String? = nil, fingerprint: String? = nil) -> [String] {
        AssetLinksValidator().validate(Data(json.utf8), package: package, fingerprint: fingerprint).map(\.description)
    }

    @Test func theFileTheServerWritesForAnAppIsOneAndroidVerifies() {
        let app = App(
            id: "a", name: "Shop",
            android: App.Android(package: "com.example.shop", sha256CertFingerprints: [Self.print]))
        #expect(AssetLinksValidator().validate(app.assetLinksFile, package: "com.example.shop", fingerprint: Self.print) == [])
        #expect(AssetLinksValidator().apps(in: app.assetLinksFile) == ["com.example.shop"])
        // An app without Android serves an empty list: valid JSON, and nothing verifies.
        let none = App(id: "b", name: "Web only")
        #expect(Self.messages(String(decoding: none.assetLinksFile, as: UTF8.self)).contains { $0.contains("no statement gives an Android app") })
    }

    @Test(arguments: [
        ("not json", "error: the file: is not valid JSON"),
        (#"{"relation": []}"#, "error: the file: must be a JSON array of statements, found an object"),
        ("[42]", #"error: [0]: must be an object with "relation" and "target", found a number"#),
        (#"[{"relation": "x", "target": {}}]"#, "error: [0].relation: must be a non-empty array of strings"),
        (#"[{"relation": ["x"]}]"#, #"error: [0].target: must be an object with a "namespace""#),
        ("[\(statement("shop"))]", "error: [0].target.package_name: must be an Android package name such as com.example.app"),
        ("[\(statement("com.1shop"))]", "error: [0].target.package_name: must be an Android package name such as com.example.app"),
        (
            "[\(statement(prints: []))]",
            "error: [0].target.sha256_cert_fingerprints: must list the SHA-256 fingerprint of the app's signing certificate"
        ),
        (
            "[\(statement(prints: ["14:6D:E9"]))]",
            "error: [0].target.sha256_cert_fingerprints[0]: must be 32 hex bytes separated by colons (14:6D:E9:...)"
        ),
        (
            "[\(statement(prints: [String(print.replacingOccurrences(of: ":", with: ""))]))]",
            "error: [0].target.sha256_cert_fingerprints[0]: must be 32 hex bytes separated by colons (14:6D:E9:...)"
        ),
        (
            "[\(statement(prints: [print.lowercased()]))]",
            "warning: [0].target.sha256_cert_fingerprints[0]: write it in upper case, as Android's tools print it"
        ),
        (
            "[\(statement(relation: "delegate_permission/common.get_login_creds"))]",
            #"error: the file: no statement gives an Android app "delegate_permission/common.handle_all_urls": App Links will not verify"#
        ),
        ("[]", #"error: the file: no statement gives an Android app "delegate_permission/common.handle_all_urls": App Links will not verify"#),
    ])
    func aFileAndroidRefusesIsNamedWithWhereAndWhy(json: String, expected: String) {
        #expect(Self.messages(json).contains(expected), "\(Self.messages(json))")
    }

    @Test func theAppAndItsSigningKeyMustBeTheOnesListed() {
        let file =
            "[\(Self.statement()), \(#"{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"web","site":"https://shop.example"}}"#)]"
        #expect(Self.messages(file, package: "com.example.shop", fingerprint: Self.print.lowercased()) == [])
        #expect(
            Self.messages(file, package: "com.example.other") == [
                "error: the file: com.example.other is not one of the apps listed (com.example.shop)"
            ])
        let other = (0..<32).map { _ in "AB" }.joined(separator: ":")
        #expect(
            Self.messages(file, package: "com.example.shop", fingerprint: other) == [
                "error: the file: com.example.shop is listed without the fingerprint \(other) (with Play App Signing, the Play key's)"
            ])
    }
}
