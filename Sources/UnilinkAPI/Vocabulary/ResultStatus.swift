/// Whether the SDK's resolve or deferred call found a link (a failure is an HTTP error).
public enum ResultStatus: String, WireEnum {
    case found
    case notFound = "not_found"
}
