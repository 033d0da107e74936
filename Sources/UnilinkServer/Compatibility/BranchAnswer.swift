import HTTPTypes

/// Branch's answers: `{"url"}` for a link, `{"error": {"code", "message"}}` for a refusal
/// (one of either per item of a bulk request).
enum BranchAnswer: Encodable {
    struct Problem: Encodable {
        let code: Int
        let message: String
    }

    case url(String)
    case error(Problem)

    static func error(_ error: APIError) -> BranchAnswer { .error(Problem(code: Int(error.status.code), message: error.message)) }

    private enum Key: String, CodingKey { case url, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .url(let url): try container.encode(url, forKey: .url)
        case .error(let problem): try container.encode(problem, forKey: .error)
        }
    }
}
