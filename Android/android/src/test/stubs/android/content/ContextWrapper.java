package android.content;

import android.content.pm.PackageManager;
import android.content.res.Resources;

/** Stub: only what the Unilink Android layer and the guide's sample use, with the platform's signatures. Never run. */
public class ContextWrapper extends Context {
    public ContextWrapper(Context base) {
        throw new RuntimeException("Stub!");
    }

    @Override
    public Context getApplicationContext() {
        throw new RuntimeException("Stub!");
    }

    @Override
    public SharedPreferences getSharedPreferences(String name, int mode) {
        throw new RuntimeException("Stub!");
    }

    @Override
    public String getPackageName() {
        throw new RuntimeException("Stub!");
    }

    @Override
    public PackageManager getPackageManager() {
        throw new RuntimeException("Stub!");
    }

    @Override
    public Resources getResources() {
        throw new RuntimeException("Stub!");
    }
}
