/// What one caller may do, and the one decision every API route and dashboard page asks:
/// may it use `scope` in this app (or across the organisation)? Pure: the caller's roles
/// and limits are read before, the answer is used after.
///
/// A person's access is their roles; an API token's is its owner's roles narrowed to
/// the token's scopes and apps, evaluated on every request, so a person who loses a role
/// loses it in their tokens too.
public struct Access: Sendable, Equatable {
    /// Everything, in every app, people included.
    public var isOwner: Bool
    /// Role per app id.
    public var roles: [String: Role]
    /// A token's scopes; `nil` for a person signed in (no narrowing).
    public var scopes: Set<Scope>?
    /// A token's apps; `nil`: every app its owner has.
    public var appIDs: Set<String>?

    public init(isOwner: Bool, roles: [String: Role] = [:], scopes: Set<Scope>? = nil, appIDs: Set<String>? = nil) {
        self.isOwner = isOwner
        self.roles = roles
        self.scopes = scopes
        self.appIDs = appIDs
    }

    /// The deployment's admin token: an owner.
    public static let everything = Access(isOwner: true)

    /// An app's secret key: its links and numbers, as the team's backend uses them.
    public static func secretKey(of appID: String) -> Access {
        Access(isOwner: false, roles: [appID: .editor], scopes: [.linksRead, .linksWrite, .statsRead])
    }

    /// Why `scope` is refused in `appID` (`nil`: across the organisation), or `nil` when
    /// it is allowed. The reason names what is missing.
    public func refusal(_ scope: Scope, app appID: String?) -> Refusal? {
        if let scopes, !scopes.contains(scope) { return .missingScope(scope) }
        guard let appID else { return isOwner ? nil : .ownersOnly(scope) }
        if let appIDs, !appIDs.contains(appID) { return .appNotListed(appID) }
        if isOwner { return nil }
        guard let role = roles[appID] else { return .notAMember(appID) }
        return role.scopes.contains(scope) ? nil : .roleLacks(role, scope)
    }

    public func allows(_ scope: Scope, app appID: String?) -> Bool { refusal(scope, app: appID) == nil }

    /// Whether the caller sees the app at all (any role, within a token's list).
    public func sees(app appID: String) -> Bool {
        if let appIDs, !appIDs.contains(appID) { return false }
        return isOwner || roles[appID] != nil
    }

    /// Apps the caller sees among `all`.
    public func visible<S: Sequence>(_ all: S) -> [String] where S.Element == String { all.filter(sees(app:)) }

    /// A token made from this access may have at most these: its own scopes and apps
    /// within the maker's.
    public func covers(scopes wanted: Set<Scope>, apps wantedApps: Set<String>?) -> Refusal? {
        if let scopes, let missing = wanted.subtracting(scopes).min() { return .missingScope(missing) }
        if let appIDs {
            guard let wantedApps else { return .appNotListed("*") }
            if let outside = wantedApps.subtracting(appIDs).min() { return .appNotListed(outside) }
        }
        return nil
    }

    public enum Refusal: Sendable, Equatable, CustomStringConvertible {
        case missingScope(Scope)
        case ownersOnly(Scope)
        case appNotListed(String)
        case notAMember(String)
        case roleLacks(Role, Scope)

        public var description: String {
            switch self {
            case .missingScope(let scope): "this token lacks the scope '\(scope.rawValue)'"
            case .ownersOnly(let scope): "'\(scope.rawValue)' across the organisation is for its owners"
            case .appNotListed("*"): "this token is limited to some apps; a token made with it must list its apps"
            case .appNotListed(let app): "this token is not for the app '\(app)'"
            case .notAMember(let app): "you are not a member of the app '\(app)'"
            case .roleLacks(let role, let scope): "the role '\(role.rawValue)' does not allow '\(scope.rawValue)'"
            }
        }
    }
}
