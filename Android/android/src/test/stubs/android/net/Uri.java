package android.net;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public abstract class Uri {
    @Override
    public abstract String toString();
}
