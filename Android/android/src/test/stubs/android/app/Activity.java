package android.app;

import android.content.ContextWrapper;
import android.content.Intent;
import android.os.Bundle;

/** Stub: only what the guide's sample activity uses, with the platform's signatures. Never run. */
public class Activity extends ContextWrapper {
    public Activity() {
        super(null);
    }

    protected void onCreate(Bundle savedInstanceState) {
        throw new RuntimeException("Stub!");
    }

    protected void onNewIntent(Intent intent) {
        throw new RuntimeException("Stub!");
    }

    protected void onDestroy() {
        throw new RuntimeException("Stub!");
    }

    public Intent getIntent() {
        throw new RuntimeException("Stub!");
    }

    public void setIntent(Intent newIntent) {
        throw new RuntimeException("Stub!");
    }

    public void startActivity(Intent intent) {
        throw new RuntimeException("Stub!");
    }
}
