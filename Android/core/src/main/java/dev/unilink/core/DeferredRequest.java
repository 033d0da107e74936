package dev.unilink.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code POST /v1/sdk/deferred}: {@code UnilinkAPI}'s {@code DeferredRequest}, absent optionals left out. */
final class DeferredRequest {
    static final String PATH = "/v1/sdk/deferred";

    final String installId;
    final String appVersion;
    final DeviceInfo device;
    final String installReferrer;
    final boolean allowWeakMatch;

    DeferredRequest(String installId, String appVersion, DeviceInfo device, String installReferrer, boolean allowWeakMatch) {
        this.installId = installId;
        this.appVersion = appVersion;
        this.device = device;
        this.installReferrer = installReferrer;
        this.allowWeakMatch = allowWeakMatch;
    }

    String toJson() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("install_id", installId);
        if (appVersion != null) {
            body.put("app_version", appVersion);
        }
        Map<String, Object> about = new LinkedHashMap<>();
        about.put("os", "android");
        putIfPresent(about, "os_version", device.osVersion);
        putIfPresent(about, "model", device.model);
        putIfPresent(about, "screen_width", device.screenWidth);
        putIfPresent(about, "screen_height", device.screenHeight);
        putIfPresent(about, "screen_scale", device.screenScale);
        if (!device.languages.isEmpty()) {
            about.put("languages", new ArrayList<Object>(device.languages));
        }
        putIfPresent(about, "time_zone", device.timeZone);
        body.put("device", about);
        putIfPresent(body, "install_referrer", installReferrer);
        if (allowWeakMatch) {
            body.put("allow_weak_match", true);
        }
        return Json.write(body);
    }

    private static void putIfPresent(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }
}
