package android.content;

import android.net.Uri;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public class Intent {
    public static final String ACTION_VIEW = "android.intent.action.VIEW";

    public Intent() {
        throw new RuntimeException("Stub!");
    }

    public Intent(String action, Uri uri) {
        throw new RuntimeException("Stub!");
    }

    public String getAction() {
        throw new RuntimeException("Stub!");
    }

    public Uri getData() {
        throw new RuntimeException("Stub!");
    }

    public boolean getBooleanExtra(String name, boolean defaultValue) {
        throw new RuntimeException("Stub!");
    }

    public Intent putExtra(String name, boolean value) {
        throw new RuntimeException("Stub!");
    }
}
