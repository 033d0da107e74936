package dev.unilink.core;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The answer to the resolve and deferred calls, read exactly as {@code UnilinkAPI}'s
 * {@code DeepLinkResultBody} decodes it: unknown fields are ignored, a known field of the
 * wrong type makes the answer undecodable.
 */
final class DeepLinkResultBody {
    /** {@code found} or {@code not_found}. */
    final boolean found;
    /** Present with {@code found}. */
    final Link deepLink;

    private DeepLinkResultBody(boolean found, Link deepLink) {
        this.found = found;
        this.deepLink = deepLink;
    }

    /** {@code deep_link}. */
    static final class Link {
        String url = "";
        String path = "/";
        String deepLinkValue;
        final Map<Integer, String> deepLinkSubs = new LinkedHashMap<>();
        boolean isDeferred;
        MatchType matchType = MatchType.DIRECT;
        Double confidence;
        String clickId;
        final Map<String, String> clickEvent = new LinkedHashMap<>();
        String minAppVersion;
        Boolean requiresUpdate;
        String storeUrl;
        String fallbackUrl;
        String variant;
    }

    static DeepLinkResultBody decode(String text) throws UnilinkError {
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (JsonException e) {
            throw UnilinkError.undecodable("the server's answer is not JSON: " + e.getMessage(), e);
        }
        Fields root = Fields.of(parsed, "the answer");
        String status = root.string("status");
        if (status == null) {
            throw UnilinkError.undecodable("the answer has no status");
        }
        boolean found;
        switch (status) {
            case "found":
                found = true;
                break;
            case "not_found":
                found = false;
                break;
            default:
                throw UnilinkError.undecodable("unknown status \"" + status + "\"");
        }
        Object linkValue = root.value("deep_link");
        Link link = linkValue == null ? null : link(Fields.of(linkValue, "deep_link"));
        return new DeepLinkResultBody(found, link);
    }

    private static Link link(Fields fields) throws UnilinkError {
        Link link = new Link();
        String url = fields.string("url");
        if (url != null) {
            link.url = url;
        }
        String path = fields.string("path");
        if (path != null) {
            link.path = path;
        }
        link.deepLinkValue = fields.string("deep_link_value");
        for (int index = 1; index <= 10; index++) {
            String sub = fields.string("deep_link_sub" + index);
            if (sub != null) {
                link.deepLinkSubs.put(index, sub);
            }
        }
        Boolean deferred = fields.bool("is_deferred");
        link.isDeferred = deferred != null && deferred;
        link.matchType = MatchType.fromWire(fields.string("match_type"));
        link.confidence = fields.number("confidence");
        link.clickId = fields.string("click_id");
        Object event = fields.value("click_event");
        if (event != null) {
            Fields eventFields = Fields.of(event, "click_event");
            for (String key : eventFields.keys()) {
                link.clickEvent.put(key, eventFields.string(key));
            }
        }
        link.minAppVersion = fields.string("min_app_version");
        link.requiresUpdate = fields.bool("requires_update");
        link.storeUrl = fields.string("store_url");
        link.fallbackUrl = fields.string("fallback_url");
        link.variant = fields.string("variant");
        return link;
    }

    /** An object's fields, typed; JSON null reads as absent, as Swift's {@code decodeIfPresent} does. */
    static final class Fields {
        private final Map<?, ?> map;
        private final String name;

        private Fields(Map<?, ?> map, String name) {
            this.map = map;
            this.name = name;
        }

        static Fields of(Object value, String name) throws UnilinkError {
            if (!(value instanceof Map)) {
                throw UnilinkError.undecodable(name + " is not an object");
            }
            return new Fields((Map<?, ?>) value, name);
        }

        Iterable<String> keys() {
            java.util.List<String> keys = new java.util.ArrayList<>();
            for (Object key : map.keySet()) {
                keys.add((String) key);
            }
            return keys;
        }

        Object value(String key) {
            Object value = map.get(key);
            return value == Json.NULL ? null : value;
        }

        String string(String key) throws UnilinkError {
            Object value = value(key);
            if (value != null && !(value instanceof String)) {
                throw UnilinkError.undecodable(name + "." + key + " is not a string");
            }
            return (String) value;
        }

        Boolean bool(String key) throws UnilinkError {
            Object value = value(key);
            if (value != null && !(value instanceof Boolean)) {
                throw UnilinkError.undecodable(name + "." + key + " is not true or false");
            }
            return (Boolean) value;
        }

        Double number(String key) throws UnilinkError {
            Object value = value(key);
            if (value != null && !(value instanceof Number)) {
                throw UnilinkError.undecodable(name + "." + key + " is not a number");
            }
            return value == null ? null : ((Number) value).doubleValue();
        }
    }
}
