public import Foundation
public import UnilinkAPI

/// What routing rules may look at of one click: where the visitor is (when the operator
/// gave a country database), their languages, their device, the moment, the click's query
/// and the link's own campaign.
public struct RuleVisitor: Sendable {
    public var place: VisitorPlace?
    /// Most preferred first (`Visit.languages`).
    public var languages: [String]
    public var userAgent: UserAgent
    public var time: Date
    public var query: Substring?
    public var campaign: Campaign?

    public init(place: VisitorPlace?, languages: [String], userAgent: UserAgent, time: Date, query: Substring?, campaign: Campaign?) {
        self.place = place
        self.languages = languages
        self.userAgent = userAgent
        self.time = time
        self.query = query
        self.campaign = campaign
    }
}
