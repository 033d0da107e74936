package dev.unilink.core;

/**
 * Where the SDK keeps what must survive launches: the install id and whether the
 * first-launch check is done. {@code SharedPreferences} on Android.
 */
public interface KeyValueStorage {
    /** The value stored under {@code key}, or {@code null}. */
    String get(String key);

    /** Stores {@code value} under {@code key} durably before returning; {@code null} removes it. */
    void put(String key, String value);
}
