package android.content;

import android.content.pm.PackageManager;
import android.content.res.Resources;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public abstract class Context {
    public static final int MODE_PRIVATE = 0x0000;

    public abstract Context getApplicationContext();

    public abstract SharedPreferences getSharedPreferences(String name, int mode);

    public abstract String getPackageName();

    public abstract PackageManager getPackageManager();

    public abstract Resources getResources();
}
