package dev.unilink.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the app tells the server happened, for the numbers of the link that led there. */
public final class UnilinkEvent {
    private static final UnilinkEvent INSTALL = new UnilinkEvent("install", null, Collections.emptyMap());
    private static final UnilinkEvent OPEN = new UnilinkEvent("open", null, Collections.emptyMap());

    private final String type;
    private final String name;
    private final Map<String, String> properties;

    private UnilinkEvent(String type, String name, Map<String, String> properties) {
        this.type = type;
        this.name = name;
        this.properties = properties;
    }

    /** The first launch after install (send it after the deferred check). */
    public static UnilinkEvent install() {
        return INSTALL;
    }

    /** The app was opened (by a link or not). */
    public static UnilinkEvent open() {
        return OPEN;
    }

    /** Anything else the team counts: a purchase, a sign-up. */
    public static UnilinkEvent custom(String name) {
        return custom(name, Collections.emptyMap());
    }

    /** A custom event with string properties (up to 50); {@code null} properties are none. */
    public static UnilinkEvent custom(String name, Map<String, String> properties) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a custom event needs a name");
        }
        Map<String, String> copy = properties == null ? new LinkedHashMap<>() : new LinkedHashMap<>(properties);
        return new UnilinkEvent("custom", name, Collections.unmodifiableMap(copy));
    }

    /** {@code install}, {@code open} or {@code custom}, as the wire names it. */
    public String getType() {
        return type;
    }

    /** A custom event's name; {@code null} for the others. */
    public String getName() {
        return name;
    }

    public Map<String, String> getProperties() {
        return properties;
    }

    @Override
    public String toString() {
        return name == null ? type : type + " " + name + " " + properties;
    }
}
