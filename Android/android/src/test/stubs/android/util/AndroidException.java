package android.util;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public class AndroidException extends Exception {
    private static final long serialVersionUID = 1L;

    public AndroidException() {}
}
