package dev.unilink.core;

/**
 * Why a link event could not be answered: the network, the server's refusal (with its
 * error code and message), or an answer the SDK cannot read.
 */
public final class UnilinkError extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong, broadly. */
    public enum Kind {
        /** The server could not be reached, or did not answer in time. */
        NETWORK,
        /** The server answered with an error status ({@link #getStatus()}, {@link #getCode()}). */
        SERVER,
        /** The server's answer is not what the API says it is. */
        UNDECODABLE_ANSWER
    }

    private final Kind kind;
    private final int status;
    private final String code;
    /** A 429's or 503's {@code Retry-After} in milliseconds; -1 without one. */
    private final long retryAfterMillis;

    private UnilinkError(Kind kind, int status, String code, String message, Throwable cause, long retryAfterMillis) {
        super(message, cause);
        this.kind = kind;
        this.status = status;
        this.code = code;
        this.retryAfterMillis = retryAfterMillis;
    }

    private UnilinkError(Kind kind, int status, String code, String message, Throwable cause) {
        this(kind, status, code, message, cause, -1);
    }

    static UnilinkError network(String message, Throwable cause) {
        return new UnilinkError(Kind.NETWORK, 0, null, message, cause);
    }

    static UnilinkError server(int status, String code, String message) {
        return server(status, code, message, -1);
    }

    static UnilinkError server(int status, String code, String message, long retryAfterMillis) {
        String reason = message != null ? message : "the server answered " + status;
        return new UnilinkError(Kind.SERVER, status, code, reason, null, retryAfterMillis);
    }

    /** How long the server asked to wait before the next attempt ({@code Retry-After}); -1 when it did not say. */
    long retryAfterMillis() {
        return retryAfterMillis;
    }

    static UnilinkError undecodable(String message) {
        return new UnilinkError(Kind.UNDECODABLE_ANSWER, 0, null, message, null);
    }

    static UnilinkError undecodable(String message, Throwable cause) {
        return new UnilinkError(Kind.UNDECODABLE_ANSWER, 0, null, message, cause);
    }

    public Kind getKind() {
        return kind;
    }

    /** The HTTP status of a {@link Kind#SERVER} error; 0 for the others. */
    public int getStatus() {
        return status;
    }

    /** The server's error code ({@code unauthorized}, {@code bad_request}), when it gave one. */
    public String getCode() {
        return code;
    }

    /** Worth another attempt: the network, or a server or proxy briefly unwell or asking to wait. */
    public boolean isTransient() {
        return kind == Kind.NETWORK || (kind == Kind.SERVER && (status >= 500 || status == 429 || status == 408));
    }

    @Override
    public String toString() {
        switch (kind) {
            case SERVER:
                return "UnilinkError(" + status + (code != null ? " " + code : "") + "): " + getMessage();
            default:
                return "UnilinkError(" + kind.name().toLowerCase(java.util.Locale.ROOT) + "): " + getMessage();
        }
    }
}
