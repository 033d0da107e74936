package dev.unilink.core;

/**
 * The server's limits on what the SDK sends ({@code Sources/UnilinkAPI/WireLimits.swift},
 * {@code AppVersion.swift}, {@code DeviceInput.swift}): a value outside them is a 400 for the
 * whole request, so the core leaves out or cuts what would be refused instead of sending it.
 */
final class WireLimits {
    /** A device's {@code os_version} and {@code model}, and an app's version, in Unicode scalars. */
    static final int DEVICE_TEXT = 64;
    /** Digits in one number of an app version (Android's version codes reach 2100000000). */
    static final int VERSION_DIGITS = 10;
    static final int TIME_ZONE_LENGTH = 64;
    static final int LANGUAGES = 10;
    static final int LANGUAGE_LENGTH = 35;
    static final int SCREEN_POINTS_MAX = 20_000;
    static final double SCREEN_SCALE_MIN = 0.5;
    static final double SCREEN_SCALE_MAX = 10.0;

    private WireLimits() {}

    /** The server's {@code AppVersion}: numbers of 1 to 10 ASCII digits separated by dots, up to 64 characters. */
    static boolean isAppVersion(String text) {
        if (text == null || text.isEmpty() || text.length() > DEVICE_TEXT) {
            return false;
        }
        int digits = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                if (++digits > VERSION_DIGITS) {
                    return false;
                }
            } else if (c == '.' && digits > 0) {
                digits = 0;
            } else {
                return false;
            }
        }
        return digits > 0;
    }

    /** An IANA name as the server takes it: 1 to 64 ASCII letters, digits, {@code / _ + -} ({@code GMT+05:30} is not). */
    static boolean isTimeZone(String text) {
        if (text == null || text.isEmpty() || text.length() > TIME_ZONE_LENGTH) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean alphanumeric = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (!alphanumeric && "/_+-".indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** A language tag of 1 to 35 Unicode scalars. */
    static boolean isLanguageTag(String text) {
        return text != null && !text.isEmpty() && text.codePointCount(0, text.length()) <= LANGUAGE_LENGTH;
    }

    /** {@code text} cut to its first {@code max} Unicode scalars (never between a surrogate pair). */
    static String truncated(String text, int max) {
        if (text == null || text.codePointCount(0, text.length()) <= max) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, max));
    }
}
