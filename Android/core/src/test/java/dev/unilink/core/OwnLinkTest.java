package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which URIs are the app's: its hosts over http or https (any port, any case) and its
 * schemes, read as leniently as Android's {@code Uri} hands them over, and never a host
 * that only appears elsewhere in the URI.
 */
class OwnLinkTest {
    private static final UnilinkCore CORE = new UnilinkCore(
            UnilinkConfig.builder("pk_test", "https://link.example.com").linkHosts("link.example.com", "exm.pl").schemes("shop").build(),
            new MemoryStorage(), ServerEndToEndTest.device(), task -> {
                throw new AssertionError("no work may start: isOwnLink decides offline");
            }, Runnable::run);

    @ParameterizedTest
    @ValueSource(strings = {
        "https://link.example.com/p/shoes",
        "http://exm.pl/Ab3xK9p",
        "HTTPS://LINK.Example.COM:8443/p/x?y=1",
        "https://link.example.com./p/x",
        "https://someone@link.example.com/p/x",
        "https://link.example.com/p/shoes?q=red shoes&tag={new}|sale",
        "https://link.example.com/p/caf\u00e9",
        "https://link.example.com\\p\\x",
        "https://link.example.com",
        "shop://p/hats?deep_link_value=hats",
        "SHOP://p/hats",
        "shop:p/hats",
        "  https://exm.pl/x  ",
    })
    void isTheAppsLink(String uri) {
        assertTrue(CORE.isOwnLink(uri), uri);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "https://evil.example/?next=https://link.example.com/p/x",
        "https://link.example.com@evil.example/p/x",
        "https://evil.example#@link.example.com",
        "https://link.example.com.evil.example/p/x",
        "https://sub.link.example.com/p/x",
        "ftp://link.example.com/p/x",
        "javascript:alert(1)//link.example.com",
        "://link.example.com/p/x",
        "1https://link.example.com/p/x",
        "https:///p/x",
        "shopping://p/x",
        "link.example.com/p/x",
        "",
    })
    void isNotTheAppsLink(String uri) {
        assertFalse(CORE.isOwnLink(uri), uri);
    }
}
