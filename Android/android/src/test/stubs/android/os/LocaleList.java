package android.os;

import java.util.Locale;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures (API 24). Never run. */
public final class LocaleList {
    private LocaleList() {}

    public static LocaleList getDefault() {
        throw new RuntimeException("Stub!");
    }

    public int size() {
        throw new RuntimeException("Stub!");
    }

    public Locale get(int index) {
        throw new RuntimeException("Stub!");
    }
}
