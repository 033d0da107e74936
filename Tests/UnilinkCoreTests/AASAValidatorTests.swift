import Foundation
import Testing
import UnilinkCore

@Suite("AASA validation tells developers what to fix")
struct AASAValidatorTests {
    private func issues(_ json: String) -> [AASAIssue] {
        AASAValidator().validate(Data(json.utf8))
    }

    @Test(arguments: [
        (#"{"applinks": {"apps": [], "details": [{"appID": "abcde.com.x", "paths": ["/*"]}]}}"#, "applinks.details[0].appID", "not an app ID"),
        (#"{"applinks": {"apps": ["ABCDE12345.com.x"], "details": []}}"#, "applinks.apps", "must be an empty array"),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/a", "?": {"id": 5}}]}]}}"#,
            #"applinks.details[0].components[0]["?"]["id"]"#, "Apple ignores the whole query dictionary"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/a", "pth": "/b"}]}]}}"#,
            "applinks.details[0].components[0]", "unknown key \"pth\""
        ),
        (#"{"applink": {}}"#, "the file", "unknown key \"applink\""),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/$(food)"}]}]}}"#,
            #"applinks.details[0].components[0]["/"]"#, "$(food)"
        ),
        (#"{"applinks": {"details": [{"components": [{"/": "/a"}]}]}}"#, "applinks.details[0]", "names no app"),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/a", "exclude": "yes"}]}]}}"#,
            "applinks.details[0].components[0].exclude", "must be true or false"
        ),
        (#"{"applinks": {"details": [{"appID": "ABCDE12345.com.x", "paths": ["/a"]}]}}"#, "applinks", "\"apps\": []"),
        (#"{"webcredentials": {"apps": ["nope"]}}"#, "webcredentials.apps[0]", "not an app ID"),
        (
            #"{"applinks": {"substitutionVariables": {"a(b": ["x"]}, "details": []}}"#, "applinks.substitutionVariables[\"a(b\"]",
            "cannot be empty or contain"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/a b"}]}]}}"#,
            #"applinks.details[0].components[0]["/"]"#, "percent-encoded"
        ),
        (#"{"applinks": {"apps": [], "details": {"ABCDE12345.com.x": {"paths": ["/a"]}}}}"#, "applinks.details", "dictionary keyed by app ID"),
        (#"{"applinks": {"apps": [], "details": {"nope": {"paths": ["/a"]}}}}"#, #"applinks.details["nope"]"#, "not an app ID"),
        (#"{"applinks": {"defaults": {"/": "/$(food)/*"}, "details": []}}"#, #"applinks.defaults["/"]"#, "$(food)"),
        (#"{"applinks": {"defaults": {"/": 7}, "details": []}}"#, #"applinks.defaults["/"]"#, "must be a pattern string"),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "defaults": {"exclude": true}, "components": [{"/": "/a"}]}]}}"#,
            "applinks.details[0].defaults.exclude", "every component"
        ),
        ("[1, 2]", "the file", "must be a JSON object"),
        ("{", "the file", "not valid JSON"),
    ])
    func reports(json: String, location: String, message: String) {
        let found = issues(json)
        #expect(found.contains { $0.location == location && $0.message.contains(message) }, "got \(found)")
    }

    @Test(arguments: [
        ##"{"applinks": {"defaults": {"/": "/shop/*", "?": {"id": "?*"}, "#": "*", "caseSensitive": false}, "details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{}]}]}}"##,
        ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "defaults": {"/": "/shop/*", "percentEncoded": false}, "components": [{"#": "x"}]}]}}"##,
    ])
    func patternKeysInDefaultsAreNotUnknown(json: String) {
        #expect(issues(json).isEmpty, "got \(issues(json))")
    }

    @Test func oversizedFilesAreErrors() {
        let paths = (0..<12000).map { "\"/p\($0)/*\"" }.joined(separator: ",")
        let json = #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.x", "paths": ["# + paths + "]}]}}"
        #expect(json.utf8.count > 128 * 1024)
        #expect(issues(json).contains { $0.severity == .error && $0.message.contains("128 KB") })
    }

    @Test func aValidModernFileHasNoIssues() {
        let json = """
            {"applinks": {"defaults": {"caseSensitive": false},
              "substitutionVariables": {"food": ["taco", "burrito"]},
              "details": [{"appIDs": ["ABCDE12345.com.example.app"], "defaults": {"percentEncoded": true},
                "components": [{"/": "/$(food)/*", "?": {"ref": "*"}, "#": "*", "comment": "menu"}, {"/": "/$(lang)_$(region)/*", "exclude": true}]}]},
             "webcredentials": {"apps": ["ABCDE12345.com.example.app"]},
             "appclips": {"apps": ["ABCDE12345.com.example.app.Clip"]},
             "activitycontinuation": {"apps": ["ABCDE12345.com.example.app"]}}
            """
        #expect(issues(json) == [])
    }
}

@Suite("AASA generation")
struct AASAGeneratorTests {
    let app = AASAGenerator.App(
        appIDs: ["ABCDE12345.com.example.shop", "FGHIJ67890.com.example.shop.beta"],
        paths: ["/u/*", "/p/*"], excludedPaths: ["/help/*"], webCredentials: true)

    @Test func isDeterministicByteForByte() {
        let expected =
            #"{"applinks":{"apps":[],"details":[{"appID":"ABCDE12345.com.example.shop","appIDs":["ABCDE12345.com.example.shop"],"components":[{"/":"/help/*","exclude":true},{"/":"/u/*"},{"/":"/p/*"}],"paths":["NOT /help/*","/u/*","/p/*"]},{"appID":"FGHIJ67890.com.example.shop.beta","appIDs":["FGHIJ67890.com.example.shop.beta"],"components":[{"/":"/help/*","exclude":true},{"/":"/u/*"},{"/":"/p/*"}],"paths":["NOT /help/*","/u/*","/p/*"]}]},"webcredentials":{"apps":["ABCDE12345.com.example.shop","FGHIJ67890.com.example.shop.beta"]}}"#
        let generator = AASAGenerator()
        #expect(String(decoding: generator.data(for: app), as: UTF8.self) == expected)
        #expect(generator.data(for: app) == generator.data(for: app))
    }

    @Test func passesValidation() {
        #expect(AASAValidator().validate(AASAGenerator().data(for: app)) == [])
        #expect(AASAValidator().validate(AASAGenerator(includeLegacyPaths: false).data(for: app)) == [])
    }

    @Test(arguments: [
        ("https://link.example.com/u/42", AASADecision.match),
        ("https://link.example.com/p", .match),
        ("https://link.example.com/help/faq", .exclude),
        ("https://link.example.com/about", .noMatch),
    ])
    func opensWhatTheAppDeclared(url: String, expected: AASADecision) throws {
        let document = try AASADocument(json: AASAGenerator().data(for: app))
        for appID in app.appIDs {
            #expect(AASAMatcher(document).decide(appID: appID, url: url, host: "link.example.com").decision == expected)
        }
    }

    @Test func legacyPathsDecideTheSameAsComponents() throws {
        var legacyOnly = try AASADocument(json: AASAGenerator().data(for: app))
        for index in legacyOnly.applinks!.details.indices { legacyOnly.applinks!.details[index].components = nil }
        for url in ["https://h.com/u/1", "https://h.com/help/x", "https://h.com/x", "https://h.com/p"] {
            let modern = AASAMatcher(try AASADocument(json: AASAGenerator().data(for: app))).decide(appID: app.appIDs[0], url: url, host: "h.com")
            #expect(AASAMatcher(legacyOnly).decide(appID: app.appIDs[0], url: url, host: "h.com").decision == modern.decision)
        }
    }

    @Test func roundTripsEveryFormat() throws {
        let json =
            ##"{"activitycontinuation":{"apps":["ABCDE12345.com.x"]},"appclips":{"apps":["ABCDE12345.com.x.Clip"]},"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.x"],"components":[{"#":"f","/":"/a","?":{"id":"1"},"comment":"c","exclude":true,"percentEncoded":false},{"?":{"bad":3}},{"?":"x=1"}]}],"substitutionVariables":{"v":["a","b"]}},"webcredentials":{"apps":["ABCDE12345.com.x"]}}"##
        let document = try AASADocument(json: json)
        #expect(String(decoding: document.jsonData(), as: UTF8.self) == json)
    }
}
