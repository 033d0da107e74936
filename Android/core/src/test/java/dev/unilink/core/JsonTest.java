package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The core's JSON reader takes exactly RFC 8259 and its writer writes what the reader reads back. */
class JsonTest {
    @Test
    void readsEveryKindOfValue() throws Exception {
        Object value = Json.parse(" {\"s\": \"a\\\"b\\\\c\\/d\\u00e9\\ud83d\\ude00\\n\", \"i\": -12, \"big\": 12345678901234567890,"
                + " \"f\": 2.5e-3, \"t\": true, \"n\": null, \"a\": [1, [], {}], \"e\": \"\"} ");
        Map<?, ?> map = (Map<?, ?>) value;
        assertEquals("a\"b\\c/d\u00e9\ud83d\ude00\n", map.get("s"));
        assertEquals(-12L, map.get("i"));
        assertEquals(1.2345678901234567e19, map.get("big"));
        assertEquals(0.0025, map.get("f"));
        assertEquals(Boolean.TRUE, map.get("t"));
        assertEquals(Json.NULL, map.get("n"));
        assertEquals(Arrays.asList(1L, List.of(), Map.of()), map.get("a"));
        assertEquals(List.of("s", "i", "big", "f", "t", "n", "a", "e"), List.copyOf(map.keySet()), "the document's order is kept");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a: 1}", "{'a': 1}", "[01]", "[-]", "[1.]", "[.5]", "[1e]", "[+1]",
        "[NaN]", "[Infinity]", "[1e999]", "\"unterminated", "\"tab\there\"", "\"\\x41\"", "\"\\u12\"", "\"\\uD83D\"", "\"\\uDE00\"",
        "\"\\uD83D\\u0041\"", "[tru]", "[nul]", "nulll", "{\"a\":1}{}", "[1] 2", "/* c */ 1", "{\"a\":1,\"a\":2}", "[\"\ud83d\"]",
        "\u00a01", "[1,,2]", "{,}", "\"\\uGGGG\"", "[\"\\u\uff11\uff11\uff11\uff11\"]",
    })
    void refusesWhatIsNotExactlyJson(String text) {
        JsonException error = assertThrows(JsonException.class, () -> Json.parse(text));
        assertTrue(error.getOffset() >= 0 && error.getOffset() <= text.length(), error.getMessage());
    }

    @Test
    void refusesNestingDeeperThanItsLimitWithoutOverflowingTheStack() throws Exception {
        Json.parse("[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH));
        assertThrows(JsonException.class, () -> Json.parse("[".repeat(Json.MAX_DEPTH + 1) + "]".repeat(Json.MAX_DEPTH + 1)));
        assertThrows(JsonException.class, () -> Json.parse("[".repeat(100_000)));
        assertThrows(JsonException.class, () -> Json.parse("{\"a\":".repeat(100_000)));
    }

    @Test
    void refusesNoText() {
        assertThrows(JsonException.class, () -> Json.parse(null));
    }

    @Test
    void writesWhatItReadsBack() throws Exception {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("text", "quote \" backslash \\ newline \n tab \t control \u0001 line separator \u2028 emoji \ud83d\ude00");
        value.put("n", 412);
        value.put("scale", 2.625);
        value.put("whole", 3.0);
        value.put("list", Arrays.asList("a", true, null, -7L));
        value.put("nested", Map.of("k", "v"));
        String text = Json.write(value);
        assertEquals(
                "{\"text\":\"quote \\\" backslash \\\\ newline \\n tab \\t control \\u0001 line separator \\u2028 emoji \ud83d\ude00\","
                        + "\"n\":412,\"scale\":2.625,\"whole\":3,\"list\":[\"a\",true,null,-7],\"nested\":{\"k\":\"v\"}}",
                text);
        Map<?, ?> back = (Map<?, ?>) Json.parse(text);
        assertEquals(value.get("text"), back.get("text"));
        assertEquals(2.625, back.get("scale"));
    }

    @Test
    void writesHalfACharacterAsTheReplacementCharacterSoTheOutputStaysJson() throws Exception {
        String text = Json.write("a\ud83db");
        assertEquals("\"a\\ufffdb\"", text);
        assertEquals("a\ufffdb", Json.parse(text));
    }

    @Test
    void refusesToWriteWhatJsonCannotHold() {
        assertThrows(IllegalArgumentException.class, () -> Json.write(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Json.write(Map.of(1, "a")));
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
    }
}
