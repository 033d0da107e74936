package android.util;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public class DisplayMetrics {
    public int widthPixels;
    public int heightPixels;
    public float density;
}
