package android.os;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public class Handler {
    public Handler(Looper looper) {
        throw new RuntimeException("Stub!");
    }

    public final boolean post(Runnable r) {
        throw new RuntimeException("Stub!");
    }

    public final boolean postDelayed(Runnable r, long delayMillis) {
        throw new RuntimeException("Stub!");
    }
}
