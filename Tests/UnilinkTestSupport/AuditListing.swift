/// What `GET /v1/audit` answers, as far as tests read it: each entry's action and who made it.
public struct AuditListing: Decodable, Sendable {
    public struct Entry: Decodable, Sendable {
        public struct Actor: Decodable, Sendable {
            public let kind: String
            public let id: String
        }

        public let action: String
        public let actor: Actor
    }

    public let data: [Entry]
}
