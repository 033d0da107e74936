package dev.unilink.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, strict JSON reader and writer (RFC 8259), so the core needs no library: Android's
 * {@code org.json} is not on a plain JVM, where the core is tested against the real server.
 *
 * <p>Reading gives {@code Map<String, Object>} (in the document's order), {@code List<Object>},
 * {@code String}, {@code Long} (integers that fit), {@code Double} (other numbers),
 * {@code Boolean} and {@link #NULL}. Anything that is not exactly JSON is refused with a
 * {@link JsonException} naming the offset: trailing commas, comments, single quotes, leading
 * zeros, control characters in strings, unpaired surrogates, duplicate keys, text after the
 * value, and nesting deeper than {@value #MAX_DEPTH}.
 */
public final class Json {
    /** JSON's {@code null}, so a map can tell a null value from a missing key. */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** Deeper documents are refused rather than risk the stack. */
    public static final int MAX_DEPTH = 64;

    private final String text;
    private int position;

    private Json(String text) {
        this.text = text;
    }

    /** The value {@code text} holds, or a {@link JsonException} saying where it stops being JSON. */
    public static Object parse(String text) throws JsonException {
        if (text == null) {
            throw new JsonException("no text", 0);
        }
        Json reader = new Json(text);
        reader.skipWhitespace();
        Object value = reader.readValue(0);
        reader.skipWhitespace();
        if (reader.position != text.length()) {
            throw reader.error("text after the value");
        }
        return value;
    }

    /** {@code value} as compact JSON: maps (string keys), lists, strings, numbers, booleans, null. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        writeValue(value, out);
        return out.toString();
    }

    private Object readValue(int depth) throws JsonException {
        if (position >= text.length()) {
            throw error("the text ends where a value should be");
        }
        char c = text.charAt(position);
        switch (c) {
            case '{':
                return readObject(depth + 1);
            case '[':
                return readArray(depth + 1);
            case '"':
                return readString();
            case 't':
                return readLiteral("true", Boolean.TRUE);
            case 'f':
                return readLiteral("false", Boolean.FALSE);
            case 'n':
                return readLiteral("null", NULL);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return readNumber();
                }
                throw error("unexpected character '" + printable(c) + "'");
        }
    }

    private Map<String, Object> readObject(int depth) throws JsonException {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH);
        }
        position++;
        Map<String, Object> map = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            position++;
            return map;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("an object's key must be a string");
            }
            int keyStart = position;
            String key = readString();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            Object value = readValue(depth);
            if (map.containsKey(key)) {
                throw new JsonException("duplicate key \"" + key + "\"", keyStart);
            }
            map.put(key, value);
            skipWhitespace();
            char next = peek();
            position++;
            if (next == '}') {
                return map;
            }
            if (next != ',') {
                position--;
                throw error("expected ',' or '}'");
            }
        }
    }

    private List<Object> readArray(int depth) throws JsonException {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH);
        }
        position++;
        List<Object> list = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            position++;
            return list;
        }
        while (true) {
            skipWhitespace();
            list.add(readValue(depth));
            skipWhitespace();
            char next = peek();
            position++;
            if (next == ']') {
                return list;
            }
            if (next != ',') {
                position--;
                throw error("expected ',' or ']'");
            }
        }
    }

    private String readString() throws JsonException {
        position++;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (position >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(position++);
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                position--;
                throw error("control character in a string");
            }
            if (Character.isHighSurrogate(c)) {
                if (position >= text.length() || !Character.isLowSurrogate(text.charAt(position))) {
                    position--;
                    throw error("unpaired surrogate");
                }
                out.append(c).append(text.charAt(position++));
            } else if (Character.isLowSurrogate(c)) {
                position--;
                throw error("unpaired surrogate");
            } else if (c == '\\') {
                readEscape(out);
            } else {
                out.append(c);
            }
        }
    }

    private void readEscape(StringBuilder out) throws JsonException {
        if (position >= text.length()) {
            throw error("unterminated escape");
        }
        char c = text.charAt(position++);
        switch (c) {
            case '"':
            case '\\':
            case '/':
                out.append(c);
                return;
            case 'b':
                out.append('\b');
                return;
            case 'f':
                out.append('\f');
                return;
            case 'n':
                out.append('\n');
                return;
            case 'r':
                out.append('\r');
                return;
            case 't':
                out.append('\t');
                return;
            case 'u':
                char unit = readHex4();
                if (Character.isHighSurrogate(unit)) {
                    if (!text.startsWith("\\u", position)) {
                        throw error("unpaired surrogate escape");
                    }
                    position += 2;
                    char low = readHex4();
                    if (!Character.isLowSurrogate(low)) {
                        throw error("unpaired surrogate escape");
                    }
                    out.append(unit).append(low);
                } else if (Character.isLowSurrogate(unit)) {
                    throw error("unpaired surrogate escape");
                } else {
                    out.append(unit);
                }
                return;
            default:
                position--;
                throw error("invalid escape '\\" + printable(c) + "'");
        }
    }

    private char readHex4() throws JsonException {
        if (position + 4 > text.length()) {
            throw error("a \\u escape needs four hex digits");
        }
        int value = 0;
        for (int i = 0; i < 4; i++) {
            int digit = Character.digit(text.charAt(position + i), 16);
            if (digit < 0 || text.charAt(position + i) > 'f') {
                throw error("a \\u escape needs four hex digits");
            }
            value = value * 16 + digit;
        }
        position += 4;
        return (char) value;
    }

    private Object readNumber() throws JsonException {
        int start = position;
        boolean integer = true;
        if (peek() == '-') {
            position++;
        }
        if (peek() == '0') {
            position++;
            if (isDigit(peek())) {
                throw error("leading zero in a number");
            }
        } else if (isDigit(peek())) {
            skipDigits();
        } else {
            throw error("a number needs digits");
        }
        if (peek() == '.') {
            integer = false;
            position++;
            if (!isDigit(peek())) {
                throw error("a fraction needs digits");
            }
            skipDigits();
        }
        if (peek() == 'e' || peek() == 'E') {
            integer = false;
            position++;
            if (peek() == '+' || peek() == '-') {
                position++;
            }
            if (!isDigit(peek())) {
                throw error("an exponent needs digits");
            }
            skipDigits();
        }
        String number = text.substring(start, position);
        if (integer) {
            try {
                return Long.parseLong(number);
            } catch (NumberFormatException tooLarge) {
                // Beyond a long: kept as a double, as JavaScript would read it.
            }
        }
        double value = Double.parseDouble(number);
        if (Double.isInfinite(value)) {
            throw new JsonException("number out of range", start);
        }
        return value;
    }

    private Object readLiteral(String word, Object value) throws JsonException {
        if (!text.startsWith(word, position)) {
            throw error("unexpected character '" + printable(text.charAt(position)) + "'");
        }
        position += word.length();
        return value;
    }

    private void skipDigits() {
        while (isDigit(peek())) {
            position++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private void skipWhitespace() {
        while (position < text.length()) {
            char c = text.charAt(position);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            position++;
        }
    }

    /** The next character, or U+0000 at the end (never valid where it is looked for). */
    private char peek() {
        return position < text.length() ? text.charAt(position) : '\0';
    }

    private void expect(char c) throws JsonException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        position++;
    }

    private JsonException error(String reason) {
        return new JsonException(reason, position);
    }

    private static String printable(char c) {
        return c < 0x20 || c == 0x7f ? String.format("\\u%04x", (int) c) : String.valueOf(c);
    }

    private static void writeValue(Object value, StringBuilder out) {
        if (value == null || value == NULL) {
            out.append("null");
        } else if (value instanceof String) {
            writeString((String) value, out);
        } else if (value instanceof Boolean) {
            out.append(value.toString());
        } else if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            if (Double.isNaN(number) || Double.isInfinite(number)) {
                throw new IllegalArgumentException("JSON has no " + number);
            }
            if (number == Math.rint(number) && Math.abs(number) < 1e15) {
                out.append((long) number);
            } else {
                out.append(number);
            }
        } else if (value instanceof Number) {
            out.append(((Number) value).longValue());
        } else if (value instanceof Map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                if (!(entry.getKey() instanceof String)) {
                    throw new IllegalArgumentException("a JSON object's keys are strings");
                }
                if (!first) {
                    out.append(',');
                }
                first = false;
                writeString((String) entry.getKey(), out);
                out.append(':');
                writeValue(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List) {
            out.append('[');
            boolean first = true;
            for (Object element : (List<?>) value) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                writeValue(element, out);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
        }
    }

    private static void writeString(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                default:
                    if (Character.isSurrogate(c) && !isPairedAt(text, i)) {
                        out.append("\\ufffd"); // half a character: the replacement character, as UTF-8 encoders do
                    } else if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    private static boolean isPairedAt(String text, int i) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }

    /** An immutable view, for values handed to the app. */
    static Map<String, String> frozen(Map<String, String> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
