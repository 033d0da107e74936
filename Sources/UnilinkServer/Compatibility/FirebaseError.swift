import HTTPTypes

/// FDL's error body: `{"error": {"code": 400, "message": ..., "status": "INVALID_ARGUMENT"}}`,
/// and 403 `PERMISSION_DENIED` for a missing or wrong API key, as Google's APIs answered.
enum FirebaseError: Error {
    case invalid(String)
    case permissionDenied(String)

    struct Body: Encodable {
        struct Detail: Encodable {
            let code: Int
            let message: String
            let status: String
        }

        let error: Detail
    }

    var status: HTTPResponse.Status { if case .permissionDenied = self { .forbidden } else { .badRequest } }

    var body: Body {
        switch self {
        case .invalid(let message): Body(error: .init(code: 400, message: message, status: "INVALID_ARGUMENT"))
        case .permissionDenied(let message): Body(error: .init(code: 403, message: message, status: "PERMISSION_DENIED"))
        }
    }
}
