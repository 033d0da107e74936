import Foundation
import UnilinkCore

/// `unilink ua classify --jsonl`: `{"id", "ua"}` in, `{"id", "os", "device", "app", "bot"}` out
/// (plus `os_version` and `model` when known).
struct UserAgentClassifyAdapter {
    private struct Request: Decodable {
        var id: JSONValue?
        var ua: String?
    }

    private struct Response: Encodable {
        var id: JSONValue
        var os: String
        var device: String
        var app: String?
        var bot: String?
        var osVersion: String?
        var model: String?

        enum CodingKeys: String, CodingKey {
            case id, os, device, app, bot, osVersion = "os_version", model
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(os, forKey: .os)
            try container.encode(device, forKey: .device)
            // The contract spells out `null` for no app and no bot.
            try container.encode(app, forKey: .app)
            try container.encode(bot, forKey: .bot)
            try container.encodeIfPresent(osVersion, forKey: .osVersion)
            try container.encodeIfPresent(model, forKey: .model)
        }
    }

    private let decoder = JSONDecoder()
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func answer(_ line: String) -> (output: String, problem: String?) {
        let request = try? decoder.decode(Request.self, from: Data(line.utf8))
        var problem: String?
        if request == nil {
            problem = "line is not a JSON object: \(line.prefix(200))"
        } else if request?.ua == nil {
            problem = "line \(json(request?.id ?? .null)) has no \"ua\" string; classified as empty"
        }
        let agent = UserAgent(request?.ua ?? "")
        let response = Response(
            id: request?.id ?? .null, os: agent.os.rawValue, device: agent.device.rawValue,
            app: agent.app?.rawValue, bot: agent.bot?.rawValue, osVersion: agent.osVersion, model: agent.model)
        let output = (try? encoder.encode(response)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"id\":null}"
        return (output, problem)
    }
}
