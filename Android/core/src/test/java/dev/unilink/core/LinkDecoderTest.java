package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A long link or scheme URI read on the device, as the iOS SDK reads it; short and foreign links are not. */
class LinkDecoderTest {
    private static final LinkDecoder DECODER = new LinkDecoder(
            UnilinkConfig.builder("pk_test", "https://link.example.com").linkHosts("link.example.com", "exm.pl").schemes("shop").build());

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "https://link.example.com/u/42?deep_link_value=user&deep_link_sub1=42 | LONG",
        "https://exm.pl/Ab3xK9p | SHORT",
        "https://exm.pl/summer-sale?ref=mail | SHORT",
        "https://exm.pl/summer-sale?deep_link_value=x | LONG",
        "https://link.example.com/ | LONG",
        "shop://u/42 | SCHEME",
        "https://other.example/u/42 | FOREIGN",
        "otherapp://u/42 | FOREIGN",
    })
    void tellsTheKindOfALink(String uri, LinkDecoder.Kind kind) {
        assertEquals(kind, DECODER.kind(uri));
    }

    @Test
    void aLongLinkCarriesItsContent() {
        DeepLink link = DECODER.decode(
                "https://link.example.com/p/caf%C3%A9?deep_link_value=coffee&deep_link_sub2=two&deep_link_sub11=eleven&ref=a+b&ul_code=Ab3xK9p&ul_click=x&flag"
                        + "&ul_ab=blue&ul_rule=0&ul_escaped=1&ul_touch=1&openExternalBrowser=1#top");
        assertTrue(link.isProvisional());
        assertFalse(link.isDeferred());
        assertEquals(MatchType.DIRECT, link.getMatchType());
        assertEquals("/p/caf\u00e9", link.getPath());
        assertEquals("coffee", link.getDeepLinkValue());
        assertEquals("two", link.getDeepLinkSub2());
        assertNull(link.getDeepLinkSub1());
        assertEquals(Map.of("deep_link_sub11", "eleven", "ref", "a+b", "flag", ""), link.getClickEvent());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "shop://u/42?deep_link_value=user | /u/42",
        "shop:u/42 | /u/42",
        "shop:///u/42 | /u/42",
        "shop://u | /u",
        "shop:// | /",
        "shop://p/%ZZ | /p/%ZZ",
    })
    void aSchemeUriStartsItsPathWithTheHost(String uri, String path) {
        assertEquals(path, DECODER.decode(uri).getPath());
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://exm.pl/Ab3xK9p", "https://other.example/u/42", "mailto:a@example.com", ""})
    void aShortOrForeignLinkIsNotDecoded(String uri) {
        assertNull(DECODER.decode(uri));
    }
}
