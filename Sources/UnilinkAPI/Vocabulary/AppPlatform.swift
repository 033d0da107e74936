/// The app platforms the SDK calls name (`os` of resolve, `device.os` of deferred).
public enum AppPlatform: String, WireEnum {
    case ios, android
}
