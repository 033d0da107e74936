package dev.unilink.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a link on the device, without the network, as the iOS SDK's {@code LinkDecoder}
 * does: the content address of a long link or scheme URI (DOMAIN.md section 7). When the
 * server cannot be reached, such a link is still delivered, marked provisional; a short
 * link (one segment, no content) needs the server.
 */
final class LinkDecoder {
    enum Kind {
        /** On one of the app's hosts with a path: the content is in the URI. */
        LONG,
        /** A single segment on one of the app's hosts: a short code or alias, the server knows. */
        SHORT,
        /** The app's own scheme. */
        SCHEME,
        /** Not one of the app's links. */
        FOREIGN
    }

    private final UnilinkConfig config;

    LinkDecoder(UnilinkConfig config) {
        this.config = config;
    }

    Kind kind(String uri) {
        LinkUri parsed = LinkUri.parse(uri);
        if (parsed == null) {
            return Kind.FOREIGN;
        }
        if (config.getSchemes().contains(parsed.scheme)) {
            return Kind.SCHEME;
        }
        boolean web = parsed.scheme.equals("http") || parsed.scheme.equals("https");
        if (!web || parsed.host == null || !config.getLinkHosts().contains(parsed.host)) {
            return Kind.FOREIGN;
        }
        boolean carriesContent = false;
        for (String[] item : queryItems(parsed.query)) {
            carriesContent |= item[0].equals("deep_link_value");
        }
        return segments(parsed.path).size() == 1 && !carriesContent ? Kind.SHORT : Kind.LONG;
    }

    /** The link as far as the URI itself tells, or {@code null} for a short or foreign one. */
    DeepLink decode(String uri) {
        Kind kind = kind(uri);
        if (kind != Kind.LONG && kind != Kind.SCHEME) {
            return null;
        }
        LinkUri parsed = LinkUri.parse(uri);
        DeepLinkResultBody.Link link = new DeepLinkResultBody.Link();
        link.url = uri.trim();
        List<String> segments = segments(parsed.path);
        if (kind == Kind.SCHEME && parsed.host != null) {
            // shop://u/42: the "host" is the content path's first segment.
            segments.add(0, parsed.host);
        }
        link.path = decoded("/" + String.join("/", segments));
        for (String[] item : queryItems(parsed.query)) {
            String name = decoded(item[0]);
            String value = decoded(item[1]);
            int sub = subIndex(name);
            if (name.equals("deep_link_value")) {
                link.deepLinkValue = value;
            } else if (sub > 0) {
                link.deepLinkSubs.put(sub, value);
            } else if (!RESERVED.contains(name)) {
                link.clickEvent.put(name, value);
            }
        }
        return new DeepLink(link, true);
    }

    /**
     * The server's own query names (the click, the A/B variant, the rule taken, an in-app
     * browser's escape), as the server and the iOS SDK leave them out: never the link's data.
     */
    private static final Set<String> RESERVED = Collections.unmodifiableSet(new HashSet<>(
            Arrays.asList("ul_code", "ul_click", "ul_ab", "ul_rule", "ul_escaped", "ul_touch", "openExternalBrowser")));

    private static List<String> segments(String path) {
        List<String> segments = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                segments.add(segment);
            }
        }
        return segments;
    }

    /** {@code name=value} pairs (a name alone has the value ""), still percent-encoded; empty names left out. */
    private static List<String[]> queryItems(String query) {
        List<String[]> items = new ArrayList<>();
        if (query == null) {
            return items;
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            if (!name.isEmpty()) {
                items.add(new String[] {name, equals < 0 ? "" : pair.substring(equals + 1)});
            }
        }
        return items;
    }

    /** {@code deep_link_sub1} ... {@code deep_link_sub10} to 1 ... 10; 0 for any other name. */
    private static int subIndex(String name) {
        String prefix = "deep_link_sub";
        if (!name.startsWith(prefix) || name.length() > prefix.length() + 2) {
            return 0;
        }
        String number = name.substring(prefix.length());
        if (number.isEmpty() || number.startsWith("0")) {
            return 0;
        }
        for (int i = 0; i < number.length(); i++) {
            if (number.charAt(i) < '0' || number.charAt(i) > '9') {
                return 0;
            }
        }
        int index = Integer.parseInt(number);
        return index <= 10 ? index : 0;
    }

    /** Percent-decoded ({@code +} stays, as in a URI's query); a malformed escape leaves the text as it is. */
    private static String decoded(String text) {
        if (text.indexOf('%') < 0) {
            return text;
        }
        String decoded = InstallReferrer.percentDecoded(text.replace("+", "%2B"));
        return decoded == null ? text : decoded;
    }
}
