/// `POST /v1/links/bulk`: one action on up to 500 links of the chosen app, all or none.
public struct LinkBulkRequest: Codable, Sendable, Equatable {
    /// `archive`, `unarchive`, `add_tags`, `remove_tags`, `set_campaign` or `delete`.
    public var action: String
    public var ids: [String]
    /// For `add_tags` and `remove_tags`.
    public var tags: [String]?
    /// For `set_campaign`: the campaign name (empty or absent clears it).
    public var campaign: String?

    public init(action: String, ids: [String], tags: [String]? = nil, campaign: String? = nil) {
        self.action = action
        self.ids = ids
        self.tags = tags
        self.campaign = campaign
    }
}
