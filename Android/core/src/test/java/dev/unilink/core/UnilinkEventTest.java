package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The events an app records, as it may write them. */
class UnilinkEventTest {
    @Test
    void aCustomEventWithNullPropertiesHasNone() {
        UnilinkEvent event = UnilinkEvent.custom("purchase", null);
        assertEquals("custom", event.getType());
        assertEquals("purchase", event.getName());
        assertEquals(Map.of(), event.getProperties());
        assertEquals("{\"install_id\":\"abcdefgh\",\"type\":\"custom\",\"name\":\"purchase\"}",
                new EventRequest("abcdefgh", event, null, null).toJson());
    }

    @Test
    void aCustomEventNeedsAName() {
        assertThrows(IllegalArgumentException.class, () -> UnilinkEvent.custom(null, null));
        assertThrows(IllegalArgumentException.class, () -> UnilinkEvent.custom("", Map.of()));
    }
}
