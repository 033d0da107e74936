package dev.unilink.core;

/** {@code {"error": {"code": "...", "message": "..."}}}, the body of the server's 4xx and 5xx answers. */
final class ErrorBody {
    final String code;
    final String message;

    private ErrorBody(String code, String message) {
        this.code = code;
        this.message = message;
    }

    /** The error an answer names, or {@code null} when its body is not one (a proxy's page). */
    static ErrorBody decode(String text) {
        try {
            DeepLinkResultBody.Fields root = DeepLinkResultBody.Fields.of(Json.parse(text), "the answer");
            DeepLinkResultBody.Fields error = DeepLinkResultBody.Fields.of(root.value("error"), "error");
            String code = error.string("code");
            String message = error.string("message");
            return code == null || message == null ? null : new ErrorBody(code, message);
        } catch (JsonException | UnilinkError notAnErrorBody) {
            return null;
        }
    }
}
