package dev.unilink.core;

import java.util.HashMap;
import java.util.Map;

/** One install's storage, in memory: a new one is a new install, the same one a later launch. */
final class MemoryStorage implements KeyValueStorage {
    private final Map<String, String> values = new HashMap<>();

    @Override
    public synchronized String get(String key) {
        return values.get(key);
    }

    @Override
    public synchronized void put(String key, String value) {
        if (value == null) {
            values.remove(key);
        } else {
            values.put(key, value);
        }
    }
}
