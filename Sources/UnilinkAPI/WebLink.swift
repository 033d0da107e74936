/// `POST /v1/sdk/links` answer: the link a web page's share button made.
public struct WebLink: Codable, Sendable, Equatable {
    public var shortURL: String?
    public var longURL: String?

    public init(shortURL: String?, longURL: String?) {
        self.shortURL = shortURL
        self.longURL = longURL
    }

    enum CodingKeys: String, CodingKey {
        case shortURL = "short_url", longURL = "long_url"
    }
}
