package dev.unilink.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The device, described once on the first launch for deferred matching (the request's
 * {@code device}); the Android layer reads it from the system. Every field but {@code os}
 * may be {@code null}. The screen is in density-independent points, with its scale.
 */
public final class DeviceInfo {
    final String osVersion;
    final String model;
    final Integer screenWidth;
    final Integer screenHeight;
    final Double screenScale;
    final List<String> languages;
    final String timeZone;

    public DeviceInfo(
            String osVersion, String model, Integer screenWidth, Integer screenHeight, Double screenScale, List<String> languages,
            String timeZone) {
        this.osVersion = osVersion;
        this.model = model;
        this.screenWidth = screenWidth;
        this.screenHeight = screenHeight;
        this.screenScale = screenScale;
        List<String> first = new ArrayList<>();
        if (languages != null) {
            for (String language : languages) {
                if (first.size() < 10 && language != null && !language.isEmpty()) {
                    first.add(language);
                }
            }
        }
        this.languages = Collections.unmodifiableList(first);
        this.timeZone = timeZone;
    }
}
