package android.os;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public final class Looper {
    private Looper() {}

    public static Looper getMainLooper() {
        throw new RuntimeException("Stub!");
    }
}
