package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the device and the app version are sent as: within the server's limits, or left out. */
class DeviceInfoTest {
    @Test
    void aZoneThatIsNotAnIANANameIsLeftOut() {
        assertNull(new DeviceInfo("14", "Pixel 8", 412, 915, 2.625, List.of(), "GMT+05:30").timeZone);
        assertNull(new DeviceInfo("14", "Pixel 8", 412, 915, 2.625, List.of(), "").timeZone);
        assertNull(new DeviceInfo("14", "Pixel 8", 412, 915, 2.625, List.of(), "Europe/" + "x".repeat(60)).timeZone);
        assertEquals("America/Argentina/Buenos_Aires",
                new DeviceInfo("14", "Pixel 8", 412, 915, 2.625, List.of(), "America/Argentina/Buenos_Aires").timeZone);
        assertEquals("Etc/GMT+5", new DeviceInfo("14", "Pixel 8", 412, 915, 2.625, List.of(), "Etc/GMT+5").timeZone);
    }

    @Test
    void longTagsAreLeftOutAndTenAreKept() {
        List<String> tags = new ArrayList<>(Arrays.asList("en-US-u-fw-mon-mu-celsius-nu-latn-ca-gregory", "", null, "de-DE"));
        for (int i = 0; i < 12; i++) {
            tags.add("x" + i);
        }
        DeviceInfo device = new DeviceInfo("14", "Pixel 8", 412, 915, 2.625, tags, "Europe/Berlin");
        assertEquals(List.of("de-DE", "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8"), device.languages);
        String longest = "en-US-u-fw-mon-mu-celsius-nu-latn-x";
        assertEquals(35, longest.length());
        assertEquals(List.of(longest), new DeviceInfo(null, null, null, null, null, List.of(longest), null).languages);
    }

    @Test
    void longTextIsCutToSixtyFourCharactersNeverInsideAPair() {
        DeviceInfo device = new DeviceInfo("1".repeat(100), "a" + "\ud83d\ude00".repeat(70), null, null, null, null, null);
        assertEquals("1".repeat(64), device.osVersion);
        assertEquals(64, device.model.codePointCount(0, device.model.length()));
        assertEquals("a" + "\ud83d\ude00".repeat(63), device.model);
        assertEquals("Pixel 8", new DeviceInfo("14", "Pixel 8", null, null, null, null, null).model);
    }

    @Test
    void theScreenIsClampedToWhatAPhoneCanBe() {
        DeviceInfo device = new DeviceInfo(null, null, 90_000, -5, 0.1, null, null);
        assertEquals(20_000, device.screenWidth);
        assertEquals(0, device.screenHeight);
        assertEquals(0.5, device.screenScale);
        assertEquals(10.0, new DeviceInfo(null, null, 412, 915, 42.0, null, null).screenScale);
        assertNull(new DeviceInfo(null, null, 412, 915, Double.NaN, null, null).screenScale);
        DeviceInfo usual = new DeviceInfo(null, null, 412, 915, 2.625, null, null);
        assertEquals(412, usual.screenWidth);
        assertEquals(915, usual.screenHeight);
        assertEquals(2.625, usual.screenScale);
    }

    @ParameterizedTest
    @ValueSource(strings = {"520", "5.3.0", "2024061201", "2100000000", "9999999999.1", "0"})
    void versionsTheServerTakesAreSent(String version) {
        assertEquals(version, config().appVersion(version).build().getAppVersion());
        assertEquals(version, config().build().withAppVersion(version).getAppVersion());
    }

    @ParameterizedTest
    @ValueSource(strings = {"5.3.0-beta", "12345678901", "", "5.", ".5", "5..3", "+5", "\u0665", "v5", "5 ", "1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1.1"})
    void versionsTheServerWouldRefuseAreLeftOut(String version) {
        assertNull(config().appVersion(version).build().getAppVersion());
        assertNull(config().build().withAppVersion(version).getAppVersion());
    }

    private static UnilinkConfig.Builder config() {
        return UnilinkConfig.builder("pk_test", "https://link.example.com").linkHosts("link.example.com");
    }
}
