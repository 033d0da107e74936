package dev.unilink.android;

import android.content.Context;
import android.content.SharedPreferences;
import dev.unilink.core.KeyValueStorage;

/**
 * The core's storage in the app's own {@code SharedPreferences} file {@code unilink}. Writes
 * are committed before returning: the first-launch flag must be on disk before its result
 * is delivered, or a crash right after could deliver it again.
 */
final class SharedPreferencesStorage implements KeyValueStorage {
    static final String FILE = "unilink";

    private final SharedPreferences preferences;

    SharedPreferencesStorage(Context context) {
        preferences = context.getSharedPreferences(FILE, Context.MODE_PRIVATE);
    }

    @Override
    public String get(String key) {
        return preferences.getString(key, null);
    }

    @Override
    public void put(String key, String value) {
        SharedPreferences.Editor editor = preferences.edit();
        if (value == null) {
            editor.remove(key);
        } else {
            editor.putString(key, value);
        }
        editor.commit();
    }
}
