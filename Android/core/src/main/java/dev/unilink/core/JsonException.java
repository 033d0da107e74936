package dev.unilink.core;

/** Text that is not exactly JSON, with the offset where it stops being JSON. */
public final class JsonException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int offset;

    public JsonException(String reason, int offset) {
        super(reason + " at offset " + offset);
        this.offset = offset;
    }

    /** Where in the text (in UTF-16 units) the problem is. */
    public int getOffset() {
        return offset;
    }
}
