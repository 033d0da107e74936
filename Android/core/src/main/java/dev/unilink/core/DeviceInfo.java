package dev.unilink.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The device, described once on the first launch for deferred matching (the request's
 * {@code device}); the Android layer reads it from the system. Every field but {@code os}
 * may be {@code null}. The screen is in density-independent points, with its scale.
 *
 * <p>Kept within what the server takes, so that one odd value cannot make every check a
 * 400: {@code osVersion} and {@code model} are cut to 64 characters; a time zone that is
 * not an IANA name ({@code GMT+05:30}) is left out, as is a language tag longer than 35
 * characters (Android 14's regional preferences, {@code en-US-u-fw-mon-mu-celsius}); at
 * most 10 tags are kept; the screen is clamped to 0..20000 points and the scale to 0.5..10.
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
        this.osVersion = WireLimits.truncated(osVersion, WireLimits.DEVICE_TEXT);
        this.model = WireLimits.truncated(model, WireLimits.DEVICE_TEXT);
        this.screenWidth = screenWidth == null ? null : Math.max(0, Math.min(WireLimits.SCREEN_POINTS_MAX, screenWidth));
        this.screenHeight = screenHeight == null ? null : Math.max(0, Math.min(WireLimits.SCREEN_POINTS_MAX, screenHeight));
        this.screenScale = screenScale == null || screenScale.isNaN()
                ? null
                : Math.max(WireLimits.SCREEN_SCALE_MIN, Math.min(WireLimits.SCREEN_SCALE_MAX, screenScale));
        List<String> first = new ArrayList<>();
        if (languages != null) {
            for (String language : languages) {
                if (first.size() < WireLimits.LANGUAGES && WireLimits.isLanguageTag(language)) {
                    first.add(language);
                }
            }
        }
        this.languages = Collections.unmodifiableList(first);
        this.timeZone = WireLimits.isTimeZone(timeZone) ? timeZone : null;
    }
}
