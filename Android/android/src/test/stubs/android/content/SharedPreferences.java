package android.content;

/** Stub: only what the Unilink Android layer uses, with the platform's signatures. Never run. */
public interface SharedPreferences {
    String getString(String key, String defValue);

    Editor edit();

    interface Editor {
        Editor putString(String key, String value);

        Editor remove(String key);

        boolean commit();

        void apply();
    }
}
