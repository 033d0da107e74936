package android.content.res;

import android.util.DisplayMetrics;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public class Resources {
    public DisplayMetrics getDisplayMetrics() {
        throw new RuntimeException("Stub!");
    }
}
