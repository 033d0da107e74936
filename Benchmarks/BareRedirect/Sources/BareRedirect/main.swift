import Hummingbird

let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 8090 : 8090
let router = Router()
router.get("/**") { _, _ in
    Response(status: .found, headers: [.location: "https://www.example.com/welcome", .cacheControl: "no-store"])
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
