package dev.unilink.core;

import java.io.ByteArrayOutputStream;

/**
 * The click id in a Play Install Referrer string, read as the server reads it: the bare id
 * (what the server's Play redirect sets), or a query carrying {@code ul_click} or
 * {@code click_id}, URL-encoded or not. Anything else (an organic install's
 * {@code utm_source=google-play&utm_medium=organic}, a malformed escape, another
 * attribution tool's referrer) has none.
 */
public final class InstallReferrer {
    /** Click ids are 22 ASCII letters and digits. */
    static final int CLICK_ID_LENGTH = 22;

    private InstallReferrer() {}

    /** The click id {@code referrer} names, or {@code null}; never throws. */
    public static String clickId(String referrer) {
        if (referrer == null) {
            return null;
        }
        String text = referrer.trim();
        if (isClickId(text)) {
            return text;
        }
        String found = fromQuery(text);
        if (found == null && text.indexOf('%') >= 0) {
            String decoded = percentDecoded(text);
            if (decoded != null) {
                found = isClickId(decoded.trim()) ? decoded.trim() : fromQuery(decoded);
            }
        }
        return found;
    }

    /** The most of a referrer that names no click the check sends. */
    static final int SENT_LENGTH = 256;

    /** What the check sends for a referrer it cannot pass on as Play gave it. */
    static final String UNREADABLE = "utm_medium=unreadable";

    /**
     * What the first-launch check sends: {@code ul_click=<id>} when the referrer names a click;
     * otherwise what Play said, when it is printable ASCII (its first {@link #SENT_LENGTH}
     * characters), so the server knows the referrer was read and gives this install no click
     * that went on to Play (that click's id would be in the referrer); {@link #UNREADABLE}
     * for a referrer with any other character (dropping characters could make a click id out
     * of what was not one: {@code ul_click=\u0000<22 characters>}) or whose cut names a
     * click; {@code null} when there was none.
     */
    static String forServer(String referrer) {
        String id = clickId(referrer);
        if (id != null) {
            return "ul_click=" + id;
        }
        if (referrer == null || referrer.trim().isEmpty()) {
            return null;
        }
        String sent = referrer.trim();
        for (int i = 0; i < sent.length(); i++) {
            char c = sent.charAt(i);
            if (c < 0x20 || c >= 0x7f) {
                return UNREADABLE;
            }
        }
        if (sent.length() > SENT_LENGTH) {
            sent = sent.substring(0, SENT_LENGTH).trim();
            if (clickId(sent) != null) {
                return UNREADABLE;
            }
        }
        return sent;
    }

    private static String fromQuery(String query) {
        String text = query.startsWith("?") ? query.substring(1) : query;
        for (String pair : text.split("&", -1)) {
            int equals = pair.indexOf('=');
            if (equals < 0) {
                continue;
            }
            String name = pair.substring(0, equals);
            if (!name.equals("ul_click") && !name.equals("click_id")) {
                continue;
            }
            String value = percentDecoded(pair.substring(equals + 1));
            if (value != null && isClickId(value)) {
                return value;
            }
        }
        return null;
    }

    static boolean isClickId(String text) {
        if (text.length() != CLICK_ID_LENGTH) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) {
                return false;
            }
        }
        return true;
    }

    /** {@code text} with {@code %XX} escapes and {@code +} decoded as UTF-8; {@code null} when an escape is malformed. */
    static String percentDecoded(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                if (i + 2 >= text.length()) {
                    return null;
                }
                int high = Character.digit(text.charAt(i + 1), 16);
                int low = Character.digit(text.charAt(i + 2), 16);
                if (high < 0 || low < 0 || text.charAt(i + 1) > 'f' || text.charAt(i + 2) > 'f') {
                    return null;
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else if (c == '+') {
                bytes.write(' ');
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                byte[] encoded = String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                bytes.write(encoded, 0, encoded.length);
            }
        }
        return new String(bytes.toByteArray(), java.nio.charset.StandardCharsets.UTF_8);
    }
}
