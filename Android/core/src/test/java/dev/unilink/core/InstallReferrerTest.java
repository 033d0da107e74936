package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The click id in a Play referrer, read as the server reads it; anything else names none and never throws. */
class InstallReferrerTest {
    static final String ID = "AbCdEfGhIjKlMnOpQrStUv";

    @ParameterizedTest
    @ValueSource(strings = {
        ID,
        "  " + ID + "\n",
        "ul_click=" + ID,
        "utm_source=unilink&ul_click=" + ID + "&utm_medium=link",
        "?click_id=" + ID,
        "utm_source%3Dunilink%26ul_click%3D" + ID,
        "ul_click%3D" + ID,
        "ul_click=tooShort&click_id=" + ID,
    })
    void findsTheClickTheServerWould(String referrer) {
        assertEquals(ID, InstallReferrer.clickId(referrer));
        assertEquals("ul_click=" + ID, InstallReferrer.forServer(referrer));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "utm_source=google-play&utm_medium=organic",
        "ul_click=",
        "ul_click=tooShort",
        "ul_click=" + ID + "x",
        "ul_click=AbCdEfGhIjKlMnOpQrSt-v",
        "ul_click=%ZZ",
        "%",
        "ul_click%3",
        "ul_click=%E0%A4%A",
        "ul_click=\u00c4bCdEfGhIjKlMnOpQrStUv",
        "other_click=" + ID,
        "\u0000\uffff\ud83d",
    })
    void aReferrerThatNamesNoClickHasNone(String referrer) {
        assertNull(InstallReferrer.clickId(referrer));
        String sent = InstallReferrer.forServer(referrer);
        if (referrer.isEmpty()) {
            assertNull(sent, "no referrer, nothing sent");
        } else {
            // Sent as read, so the server knows Play answered; printable, short, and no click in it.
            assertNotNull(sent);
            assertTrue(sent.chars().allMatch(c -> c >= 0x20 && c < 0x7f) && sent.length() <= InstallReferrer.SENT_LENGTH, sent);
            assertNull(InstallReferrer.clickId(sent));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ul_click=\u0000" + ID, "ul_click=AbCdEfGhIjK\u0000lMnOpQrStUv", "click_id=\u00a0" + ID, "ul_click=\t" + ID, "x=\u007f&ul_click=" + ID + "x"})
    void aReferrerWithCharactersThatCannotBeSentIsUnreadableNotAClick(String referrer) {
        assertNull(InstallReferrer.clickId(referrer), "the referrer itself names no click");
        assertEquals("utm_medium=unreadable", InstallReferrer.forServer(referrer));
    }

    @org.junit.jupiter.api.Test
    void aCutThatWouldNameAClickIsUnreadable() {
        String referrer = "a=" + "b".repeat(InstallReferrer.SENT_LENGTH - 2 - 1 - 9 - 22) + "&ul_click=" + ID + "x";
        assertNull(InstallReferrer.clickId(referrer));
        assertEquals("utm_medium=unreadable", InstallReferrer.forServer(referrer));
    }

    @org.junit.jupiter.api.Test
    void anOrganicReferrerIsSentAsPlaySaidIt() {
        assertEquals("utm_source=google-play&utm_medium=organic", InstallReferrer.forServer("utm_source=google-play&utm_medium=organic"));
        assertEquals(InstallReferrer.SENT_LENGTH, InstallReferrer.forServer("a=" + "b".repeat(5000)).length());
    }

    @ParameterizedTest
    @CsvSource({"'%41%42', AB", "a+b, a b", "%C3%A9, \u00e9", "%zz, ", "abc%, ", "%4, "})
    void percentDecodingIsStrict(String text, String expected) {
        assertEquals(expected, InstallReferrer.percentDecoded(text));
    }

    @org.junit.jupiter.api.Test
    void noReferrerIsNoClick() {
        assertNull(InstallReferrer.clickId(null));
        assertNull(InstallReferrer.clickId("ul_click=" + ID.repeat(1000)));
    }
}
