package android.util;

/** Stub: only what the guide's sample activity uses, with the platform's signatures. Never run. */
public final class Log {
    private Log() {}

    public static int w(String tag, String msg) {
        throw new RuntimeException("Stub!");
    }
}
