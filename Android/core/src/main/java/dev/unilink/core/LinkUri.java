package dev.unilink.core;

import java.util.Locale;

/**
 * The scheme and host of a URI as an intent hands it over, read leniently: Android's
 * {@code Uri} keeps what a link carried (spaces, {@code |}, {@code {}}, non-ASCII),
 * which {@link java.net.URI} refuses, and an app must not take its own link for another's
 * because of a character in its query.
 */
final class LinkUri {
    /** Lowercased; never {@code null}. */
    final String scheme;
    /** Lowercased, without user info, port or IPv6 brackets; {@code null} without an authority. */
    final String host;

    /** After the authority (or the scheme's colon), up to {@code ?} or {@code #}, still percent-encoded. */
    final String path;
    /** After {@code ?}, up to {@code #}; {@code null} without one. */
    final String query;

    private LinkUri(String scheme, String host, String path, String query) {
        this.scheme = scheme;
        this.host = host;
        this.path = path;
        this.query = query;
    }

    private static LinkUri make(String scheme, String host, String rest) {
        int fragment = rest.indexOf('#');
        String beforeFragment = fragment < 0 ? rest : rest.substring(0, fragment);
        int question = beforeFragment.indexOf('?');
        String path = question < 0 ? beforeFragment : beforeFragment.substring(0, question);
        String query = question < 0 ? null : beforeFragment.substring(question + 1);
        return new LinkUri(scheme, host, path.replace('\\', '/'), query);
    }

    /** The URI's scheme and host, or {@code null} when it has no scheme (RFC 3986's letters, digits, {@code + - .}). */
    static LinkUri parse(String text) {
        if (text == null) {
            return null;
        }
        String uri = text.trim();
        int colon = uri.indexOf(':');
        if (colon <= 0) {
            return null;
        }
        for (int i = 0; i < colon; i++) {
            char c = uri.charAt(i);
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            if (!(letter || (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')))) {
                return null;
            }
        }
        String scheme = uri.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!uri.startsWith("//", colon + 1)) {
            return make(scheme, null, uri.substring(colon + 1));
        }
        int start = colon + 3;
        int end = start;
        while (end < uri.length() && "/?#\\".indexOf(uri.charAt(end)) < 0) {
            end++;
        }
        String authority = uri.substring(start, end);
        authority = authority.substring(authority.lastIndexOf('@') + 1);
        String host;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            host = close < 0 ? authority.substring(1) : authority.substring(1, close);
        } else {
            int port = authority.indexOf(':');
            host = port < 0 ? authority : authority.substring(0, port);
        }
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        return make(scheme, host.isEmpty() ? null : host.toLowerCase(Locale.ROOT), uri.substring(end));
    }
}
