package dev.unilink.core;

import java.util.LinkedHashMap;
import java.util.Map;

/** {@code POST /v1/sdk/events}: {@code UnilinkAPI}'s {@code EventRequest}, absent optionals left out. */
final class EventRequest {
    static final String PATH = "/v1/sdk/events";

    final String installId;
    final UnilinkEvent event;
    final String clickId;
    final String linkId;

    EventRequest(String installId, UnilinkEvent event, String clickId, String linkId) {
        this.installId = installId;
        this.event = event;
        this.clickId = clickId;
        this.linkId = linkId;
    }

    String toJson() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("install_id", installId);
        body.put("type", event.getType());
        if (event.getName() != null) {
            body.put("name", event.getName());
        }
        if (clickId != null) {
            body.put("click_id", clickId);
        }
        if (linkId != null) {
            body.put("link_id", linkId);
        }
        if (!event.getProperties().isEmpty()) {
            body.put("properties", new LinkedHashMap<String, Object>(event.getProperties()));
        }
        return Json.write(body);
    }
}
