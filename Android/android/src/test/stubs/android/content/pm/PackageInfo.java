package android.content.pm;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public class PackageInfo {
    public String versionName;

    /** @deprecated Use {@link #getLongVersionCode()} (API 28). */
    @Deprecated
    public int versionCode;

    public long getLongVersionCode() {
        throw new RuntimeException("Stub!");
    }
}
