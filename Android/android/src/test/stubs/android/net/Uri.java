package android.net;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public abstract class Uri {
    public static Uri parse(String uriString) {
        throw new RuntimeException("Stub!");
    }

    @Override
    public abstract String toString();
}
