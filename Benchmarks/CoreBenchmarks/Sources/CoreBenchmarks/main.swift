import Foundation
import MallocInterposerSwift
import UnilinkCore

/// Cost of the per-click decisions, each beside a baseline measured in the same run:
/// - classifying a User-Agent against lowercasing the same header (the first thing a
///   naive parser does before any matching);
/// - an AASA decision against parsing the same URL with Foundation's URLComponents.

struct Measurement {
    let name: String
    let nanosecondsPerCall: Double
    let allocationsPerCall: Double
}

@inline(never)
func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

func measure(_ name: String, iterations: Int, _ body: (Int) -> Void) -> Measurement {
    for index in 0..<min(iterations, 2_000) { body(index) }  // warm caches
    let clock = ContinuousClock()
    MallocInterposerSwift.initialize()
    MallocInterposerSwift.hook()
    let elapsed = clock.measure { for index in 0..<iterations { body(index) } }
    MallocInterposerSwift.unhook()
    let allocations = MallocInterposerSwift.getStatistics().mallocCount
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return Measurement(name: name, nanosecondsPerCall: nanoseconds / Double(iterations), allocationsPerCall: Double(allocations) / Double(iterations))
}

func userAgents(from path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return object?["ua"] as? String
    }
}

let arguments = CommandLine.arguments
let corpusPath = arguments.count > 1 ? arguments[1] : "../../Tests/UnilinkCoreTests/Fixtures/user-agents.jsonl"
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
let agents = try userAgents(from: corpusPath)

let aasa = """
{"applinks":{"substitutionVariables":{"lang":["en","fr","zh"]},
 "defaults":{"caseSensitive":false},
 "details":[
  {"appIDs":["ABCDE12345.com.example.app","ABCDE12345.com.example.app.beta"],
   "components":[
    {"/":"/admin/*","exclude":true},
    {"/":"/$(lang)/help/*"},
    {"/":"/p/*","?":{"ref":"?*"}},
    {"/":"/u/*"},
    {"/":"/l/*"},
    {"#":"no_universal_links","exclude":true},
    {"/":"/shop/*/item/???"}
   ],
   "paths":["NOT /admin/*","/u/*","/l/*"]},
  {"appID":"ABCDE12345.com.example.clip","paths":["/clip/*"]}
 ]}}
"""
let document = try JSONDecoder().decode(AASADocument.self, from: Data(aasa.utf8))
let matcher = AASAMatcher(document)
let urls = [
    "https://link.example.com/u/42?utm_source=mail",
    "https://link.example.com/fr/help/billing",
    "https://link.example.com/admin/users",
    "https://link.example.com/shop/shoes/item/123",
    "https://link.example.com/p/7?ref=abc",
    "https://link.example.com/not/claimed/at/all",
    "https://link.example.com/l/summer#no_universal_links",
    "https://link.example.com/L/Summer",
]

print("corpus: \(agents.count) user agents, \(urls.count) URLs; \(iterations) calls each")
let results = [
    measure("baseline: lowercase the User-Agent", iterations: iterations) { consume(agents[$0 % agents.count].lowercased()) },
    measure("UserAgent(header) classification", iterations: iterations) { consume(UserAgent(agents[$0 % agents.count])) },
    measure("baseline: URLComponents(string:)", iterations: iterations) { consume(URLComponents(string: urls[$0 % urls.count])) },
    measure("AASAMatcher.decide(appID:url:host:)", iterations: iterations) {
        consume(matcher.decide(appID: "ABCDE12345.com.example.app", url: urls[$0 % urls.count], host: "link.example.com"))
    },
]
for result in results {
    let line = String(format: "%-40@ %9.1f ns/call %6.2f allocations/call", result.name as NSString, result.nanosecondsPerCall, result.allocationsPerCall)
    print(line)
}
print(String(format: "classification / lowercase: %.2fx   decision / URLComponents: %.2fx",
             results[1].nanosecondsPerCall / results[0].nanosecondsPerCall,
             results[3].nanosecondsPerCall / results[2].nanosecondsPerCall))
