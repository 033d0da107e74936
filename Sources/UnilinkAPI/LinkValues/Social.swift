/// The card a link shows in previews (Open Graph, Twitter, Messages).
public struct Social: Codable, Sendable, Equatable {
    public var title: String?
    public var description: String?
    public var imageURL: String?

    public init(title: String? = nil, description: String? = nil, imageURL: String? = nil) {
        self.title = title
        self.description = description
        self.imageURL = imageURL
    }

    enum CodingKeys: String, CodingKey {
        case title, description, imageURL = "image_url"
        /// How links stored before this type was the wire's spelled it.
        case storedImageURL = "imageURL"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        imageURL = try container.decodeIfPresent(String.self, forKey: .imageURL) ?? container.decodeIfPresent(String.self, forKey: .storedImageURL)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(imageURL, forKey: .imageURL)
    }
}
