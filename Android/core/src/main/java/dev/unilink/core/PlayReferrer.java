package dev.unilink.core;

/**
 * What to do with one answer of Google's Play Install Referrer service, decided here so the
 * Android layer only carries it out. The referrer is what makes a deferred match
 * deterministic, so a service that is briefly away is asked again (a few times, with a
 * doubling delay), and when it stays away the check waits for the next start rather than
 * going on without the referrer and being done for good. Only a device without the
 * service ({@code FEATURE_NOT_SUPPORTED}), or a service away on
 * {@link #STARTS_BEFORE_GOING_ON} starts, makes the check go on without a referrer.
 */
public final class PlayReferrer {
    /** Attempts on one start before the check waits for the next. */
    public static final int ATTEMPTS_PER_START = 3;
    /** Starts on which the service could not be read before the check goes on without it. */
    public static final int STARTS_BEFORE_GOING_ON = 3;
    /** The first retry's delay; each next one doubles. */
    static final long FIRST_RETRY_DELAY_MILLIS = 1_000;
    static final String UNREAD_STARTS_KEY = "unilink.referrer_unread_starts";

    private PlayReferrer() {}

    /** The service's answer, as the library names it (its response codes), or how reading it ended. */
    public enum Answer {
        /** {@code OK} and the referrer was read (it may name no click). */
        READ,
        /** {@code SERVICE_UNAVAILABLE}: the Play Store is busy or updating. */
        SERVICE_UNAVAILABLE,
        /** {@code SERVICE_DISCONNECTED}, or the connection dropped before an answer. */
        DISCONNECTED,
        /** {@code OK}, but reading the referrer failed ({@code RemoteException}). */
        READ_FAILED,
        /** {@code DEVELOPER_ERROR}, {@code PERMISSION_ERROR} or a code the library added later. */
        OTHER_ERROR,
        /** {@code FEATURE_NOT_SUPPORTED}: this Play Store has no referrer service, and never will. */
        FEATURE_NOT_SUPPORTED
    }

    /** The next step. */
    public enum Next {
        /** Run the check with the referrer that was read. */
        CHECK_WITH_REFERRER,
        /** Run the check without a referrer. */
        CHECK_WITHOUT_REFERRER,
        /** Ask the service again after {@link #retryDelayMillis(int)}. */
        RETRY,
        /** Leave the check not yet checked: the next start asks the service again. */
        WAIT_FOR_NEXT_START
    }

    /**
     * @param attempt this start's attempt that got {@code answer}, from 1
     * @param unreadStartsBefore earlier starts that ended without reading the referrer
     */
    public static Next decide(Answer answer, int attempt, int unreadStartsBefore) {
        switch (answer) {
            case READ:
                return Next.CHECK_WITH_REFERRER;
            case FEATURE_NOT_SUPPORTED:
                return Next.CHECK_WITHOUT_REFERRER;
            case SERVICE_UNAVAILABLE:
            case DISCONNECTED:
            case READ_FAILED:
                if (attempt < ATTEMPTS_PER_START) {
                    return Next.RETRY;
                }
                break;
            default:
                // A developer or permission error does not go away within a start.
                break;
        }
        return unreadStartsBefore + 1 >= STARTS_BEFORE_GOING_ON ? Next.CHECK_WITHOUT_REFERRER : Next.WAIT_FOR_NEXT_START;
    }

    /** The wait before attempt {@code attempt + 1}: 1 s, 2 s, 4 s... */
    public static long retryDelayMillis(int attempt) {
        return FIRST_RETRY_DELAY_MILLIS << Math.max(0, Math.min(attempt - 1, 10));
    }
}
