package dev.unilink.core;

import java.util.LinkedHashMap;
import java.util.Map;

/** {@code POST /v1/sdk/resolve}: {@code UnilinkAPI}'s {@code ResolveRequest}, absent optionals left out. */
final class ResolveRequest {
    static final String PATH = "/v1/sdk/resolve";

    final String url;
    final String appVersion;

    ResolveRequest(String url, String appVersion) {
        this.url = url;
        this.appVersion = appVersion;
    }

    String toJson() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("url", url);
        if (appVersion != null) {
            body.put("app_version", appVersion);
        }
        body.put("os", "android");
        return Json.write(body);
    }
}
