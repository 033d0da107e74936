package android.content.pm;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public abstract class PackageManager {
    public abstract PackageInfo getPackageInfo(String packageName, int flags) throws NameNotFoundException;

    public static class NameNotFoundException extends android.util.AndroidException {
        private static final long serialVersionUID = 1L;

        public NameNotFoundException() {}
    }
}
