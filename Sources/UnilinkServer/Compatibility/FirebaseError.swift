/// FDL's error body: `{"error": {"code": 400, "message": ..., "status": "INVALID_ARGUMENT"}}`.
enum FirebaseError: Error {
    case invalid(String)
    case permissionDenied(String)

    var status: Int { if case .permissionDenied = self { 403 } else { 400 } }

    var body: [String: [String: any Sendable]] {
        switch self {
        case .invalid(let message): ["error": ["code": 400, "message": message, "status": "INVALID_ARGUMENT"]]
        case .permissionDenied(let message): ["error": ["code": 403, "message": message, "status": "PERMISSION_DENIED"]]
        }
    }
}
