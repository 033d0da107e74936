/// `POST /v1/links/batch?dry_run=true`: what the batch would do to each link, nothing stored.
public struct LinkBatchPlan: Codable, Sendable, Equatable {
    public struct Item: Codable, Sendable, Equatable {
        /// The link's position in the request.
        public var index: Int
        public var status: PlanStatus
        public var alias: String?
        /// Why a link cannot be created.
        public var message: String?
        /// The stored link's short URL, for `exists`.
        public var url: String?

        public init(index: Int, status: PlanStatus, alias: String? = nil, message: String? = nil, url: String? = nil) {
            self.index = index
            self.status = status
            self.alias = alias
            self.message = message
            self.url = url
        }
    }

    public var appID: String
    public var data: [Item]

    public init(appID: String, data: [Item]) {
        self.appID = appID
        self.data = data
    }

    enum CodingKeys: String, CodingKey {
        case appID = "app_id", data
    }
}
