/// What a host does for its app (DOMAIN.md section 2, pitfall 3).
public enum HostRole: String, Sendable, Codable, CaseIterable {
    /// Canonical long links and preview pages.
    case primary
    /// Mirrors the primary's paths; the preview page's button points here. A request
    /// the server still sees here means the app did not open: send to store or web.
    case alternate
    /// Short codes and aliases.
    case short
}
