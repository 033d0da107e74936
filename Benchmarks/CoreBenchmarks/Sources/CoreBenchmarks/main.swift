import Foundation
import MallocInterposerSwift
import UnilinkAPI
import UnilinkCore

/// Cost of the per-click decisions, each beside a baseline measured in the same run:
/// - classifying a User-Agent against lowercasing the same header (the first thing a
///   naive parser does before any matching);
/// - an AASA decision against parsing the same URL with Foundation's URLComponents;
/// - the click path's destination check (parsed as browsers parse it, against the
///   allow-list) against URLComponents on the same destinations.

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

/// The browsers most clicks come from.
let commonAgents = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
]

/// What Unilink generates for an app's hosts (exclusions first, then the app's paths).
let generated = AASAGenerator(includeLegacyPaths: false).document(
    for: .init(
        appIDs: ["ABCDE12345.com.example.app"], paths: ["/p/*", "/u/*", "/l/*", "/shop/*/item/*"], excludedPaths: ["/help/*", "/admin/*"]
    ))
let generatedMatcher = AASAMatcher(generated)
let claims = App(
    id: "app_1", name: "Shop", domains: [.init(host: "link.example.com", role: .primary)],
    paths: ["/p/*", "/u/*", "/l/*", "/shop/*/item/*"], excludePaths: ["/help/*", "/admin/*"]
).pathClaims
let claimed: [(path: String, query: String?)] = [
    ("/p/shoes", "deep_link_value=shoes&utm_campaign=spring"), ("/u/42", nil),
    ("/help/billing", nil), ("/shop/shoes/item/123", nil), ("/not/claimed", "x=1"),
]

print("corpus: \(agents.count) user agents, \(urls.count) URLs; \(iterations) calls each")
let results = [
    measure("baseline: lowercase the User-Agent", iterations: iterations) { consume(agents[$0 % agents.count].lowercased()) },
    measure("UserAgent(header) classification", iterations: iterations) { consume(UserAgent(agents[$0 % agents.count])) },
    measure("UserAgent, six common browsers", iterations: iterations) { consume(UserAgent(commonAgents[$0 % commonAgents.count])) },
    measure("baseline: URLComponents(string:)", iterations: iterations) { consume(URLComponents(string: urls[$0 % urls.count])) },
    measure("AASAMatcher.decide(appID:url:host:)", iterations: iterations) {
        consume(matcher.decide(appID: "ABCDE12345.com.example.app", url: urls[$0 % urls.count], host: "link.example.com"))
    },
]
let generatedResults = [
    measure("AASA decide, generated file (URL)", iterations: iterations) {
        consume(generatedMatcher.decide(appID: "ABCDE12345.com.example.app", url: urls[$0 % urls.count], host: "link.example.com"))
    },
    measure("path claims, generated file (path)", iterations: iterations) {
        let item = claimed[$0 % claimed.count]
        consume(claims.claims(path: item.path, query: item.query))
    },
]
/// Destinations as links store them: the click path checks one per redirect.
let destinations = [
    "https://www.example.com/u/42", "https://www.example.com/p/shoes?color=red&size=42", "https://shop.example.com/",
    "https://www.example.com/spring-sale?utm_source=mail#top",
]
let policy = DestinationPolicy(
    app: App(
        id: "app_1", name: "Shop", web: .init(allowedHosts: ["www.example.com", "shop.example.com"]),
        domains: [.init(host: "link.example.com", role: .primary)], paths: ["/*"]))
let destinationResults = [
    measure("baseline: URLComponents, destinations", iterations: iterations) {
        consume(URLComponents(string: destinations[$0 % destinations.count]))
    },
    measure("DestinationPolicy.admitted (click path)", iterations: iterations) {
        consume(policy.admitted(destinations[$0 % destinations.count], kind: .web))
    },
]
/// Ten rules of the common conditions, none of which holds for these visitors: every
/// condition is tested (the worst case for a click that no rule takes).
let tenRules = try JSONDecoder().decode(
    [RoutingRuleBody].self,
    from: Data(
        """
        [{"conditions": [{"language": ["de", "fr", "es"]}], "destination": {"web_url": "https://www.example.com/1"}},
         {"conditions": [{"platform": ["android"]}, {"device": ["tablet"]}], "destination": {"web_url": "https://www.example.com/2"}},
         {"conditions": [{"in_app_browser": ["instagram", "facebook"]}], "destination": {"web_url": "https://www.example.com/3"}},
         {"conditions": [{"query": {"name": "src", "equals": "print"}}], "destination": {"web_url": "https://www.example.com/4"}},
         {"conditions": [{"campaign": {"field": "source", "values": ["newsletter", "partner"]}}], "destination": {"web_url": "https://www.example.com/5"}},
         {"match": "any", "conditions": [{"language": ["pt-BR"]}, {"device": ["tablet"]}], "destination": {"web_url": "https://www.example.com/6"}},
         {"conditions": [{"platform": ["ios"]}, {"language": ["ja"]}], "destination": {"web_url": "https://www.example.com/7"}},
         {"conditions": [{"in_app_browser": ["any"]}], "destination": {"web_url": "https://www.example.com/8"}},
         {"conditions": [{"query": {"name": "utm_source"}}], "destination": {"web_url": "https://www.example.com/9"}},
         {"conditions": [{"language": ["it"]}, {"platform": ["desktop"]}], "destination": {"web_url": "https://www.example.com/10"}}]
        """.utf8))
let routing = try LinkRouting(rules: tenRules, variants: [])
let ruleVisitors = commonAgents.map {
    RuleVisitor(
        place: nil, languages: ["en-US", "en"], userAgent: UserAgent($0), time: Date(timeIntervalSince1970: 1_795_770_000),
        query: "ref=abc&x=1", campaign: Campaign(source: "mail"))
}
let ruleResults = [
    measure("baseline: one UserAgent.isMobile", iterations: iterations) { consume(ruleVisitors[$0 % ruleVisitors.count].userAgent.isMobile) },
    measure("ten rules, none holds (click path)", iterations: iterations) { consume(routing.rule(for: ruleVisitors[$0 % ruleVisitors.count])) },
]
for result in results + generatedResults + destinationResults + ruleResults {
    let line = String(
        format: "%-40@ %9.1f ns/call %6.2f allocations/call", result.name as NSString, result.nanosecondsPerCall, result.allocationsPerCall)
    print(line)
}
print(
    String(
        format: "classification / lowercase: %.2fx (common browsers %.2fx)   decision / URLComponents: %.2fx (generated file %.2fx)",
        results[1].nanosecondsPerCall / results[0].nanosecondsPerCall, results[2].nanosecondsPerCall / results[0].nanosecondsPerCall,
        results[4].nanosecondsPerCall / results[3].nanosecondsPerCall, generatedResults[0].nanosecondsPerCall / results[3].nanosecondsPerCall))
print(String(format: "destination check / URLComponents: %.2fx", destinationResults[1].nanosecondsPerCall / destinationResults[0].nanosecondsPerCall))
print(String(format: "ten rules / UserAgent classification: %.3fx", ruleResults[1].nanosecondsPerCall / results[2].nanosecondsPerCall))
