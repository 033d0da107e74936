package android.os;

/** Stub: only what the guide's sample activity uses, with the platform's signatures. Never run. */
public final class Bundle {
    public Bundle() {
        throw new RuntimeException("Stub!");
    }
}
