/// What `POST /v1/sdk/events` reports.
public enum EventType: String, WireEnum {
    case open, install, custom
}
