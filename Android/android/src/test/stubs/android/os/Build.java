package android.os;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public class Build {
    /** Not a constant here, so nothing is inlined from the stub. */
    public static final String MODEL = stub();

    public static class VERSION {
        public static final String RELEASE = stub();
        public static final int SDK_INT = stubInt();
    }

    public static class VERSION_CODES {
        public static final int N = 24;
        public static final int P = 28;
    }

    private static String stub() {
        throw new RuntimeException("Stub!");
    }

    private static int stubInt() {
        throw new RuntimeException("Stub!");
    }
}
