import HTTPTypes

/// Dashboard failures become pages, not JSON: the visitor is a person.
enum DashboardError: Error {
    case signedOut
    case forbidden(String)
    case notFound(String)
    case badRequest(String)
}
