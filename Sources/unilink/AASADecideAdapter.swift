import Foundation
import UnilinkCore

/// `unilink aasa decide`: `{"id", "aasa", "domain", "appId", "url"}` in,
/// `{"id", "decision"}` out, for external conformance suites.
struct AASADecideAdapter {
    private struct Request: Decodable {
        var id: JSONValue?
        var aasa: JSONValue?
        var domain: String?
        var appId: String?
        var url: String?
    }

    /// Conformance suites repeat the same file over many lines: compile each once.
    private var matchers: [JSONValue: Result<AASAMatcher, AASAError>] = [:]
    private let decoder = JSONDecoder()

    mutating func answer(_ line: String) -> (output: String, problem: String?) {
        guard let request = try? decoder.decode(Request.self, from: Data(line.utf8)) else {
            return (Self.output(id: nil, .noMatch), "line is not a JSON object: \(line.prefix(200))")
        }
        guard let aasa = request.aasa, let domain = request.domain, let appID = request.appId, let url = request.url else {
            return (Self.output(id: request.id, .noMatch), "line \(Self.idText(request.id)) needs \"aasa\", \"domain\", \"appId\" and \"url\"")
        }
        switch matcher(for: aasa) {
        case .failure(let error):
            return (Self.output(id: request.id, .noMatch), "line \(Self.idText(request.id)): \(error)")
        case .success(let matcher):
            guard let link = LinkURL(url) else {
                return (Self.output(id: request.id, .noMatch), "line \(Self.idText(request.id)): \(AASAError.invalidURL(url))")
            }
            return (Self.output(id: request.id, matcher.decide(appID: appID, url: link, host: domain).decision), nil)
        }
    }

    private mutating func matcher(for aasa: JSONValue) -> Result<AASAMatcher, AASAError> {
        if let known = matchers[aasa] { return known }
        let result: Result<AASAMatcher, AASAError>
        do {
            // The file may come as an object or as its text.
            let data = try aasa.stringValue.map { Data($0.utf8) } ?? JSONEncoder().encode(aasa)
            result = .success(AASAMatcher(try AASADocument(json: data)))
        } catch let error as AASAError {
            result = .failure(error)
        } catch {
            result = .failure(.malformed(String(describing: error)))
        }
        if matchers.count > 1024 { matchers.removeAll(keepingCapacity: true) }
        matchers[aasa] = result
        return result
    }

    static func output(id: JSONValue?, _ decision: AASADecision) -> String {
        "{\"id\":\(json(id ?? .null)),\"decision\":\"\(decision.rawValue)\"}"
    }

    private static func idText(_ id: JSONValue?) -> String {
        json(id ?? .null)
    }
}

/// Compact JSON text of a value.
func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
}
