import HTTPTypes
import Testing

@testable import UnilinkServer

/// The click path's header read gives what the subscript gives, for a field sent once,
/// never, or several times.
@Suite("Header values")
struct HTTPFieldsValueTests {
    @Test(arguments: [
        [("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)"), ("Accept", "*/*")],
        [("Accept", "*/*")],
        [],
        [("user-agent", "first"), ("Accept", "*/*"), ("User-Agent", "second")],
        [("User-Agent", "")],
    ])
    func readsAsTheSubscriptDoes(fields: [(String, String)]) throws {
        var headers = HTTPFields()
        for (name, value) in fields { headers.append(HTTPField(name: try #require(HTTPField.Name(name)), value: value)) }
        #expect(headers.value(.userAgent) == headers[.userAgent])
        #expect(headers.value(.acceptLanguage) == nil)
    }

    @Test func aRepeatedFieldIsJoined() {
        let headers: HTTPFields = [.acceptLanguage: "de", .userAgent: "a"]
        var twice = headers
        twice.append(HTTPField(name: .acceptLanguage, value: "en;q=0.5"))
        #expect(headers.value(.acceptLanguage) == "de")
        #expect(twice.value(.acceptLanguage) == "de, en;q=0.5")
    }
}
