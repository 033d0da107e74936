package dev.unilink.core;

/**
 * The first-launch check of one install, every transition in one place: each event returns
 * the action its caller executes (swift-nio's shape, the house style's {@code DeferredCheck}).
 * Only {@link State#DONE} is persisted: a check that was waiting or under way when the
 * process ended, or that failed, is asked again on the next start.
 *
 * <p>Not thread-safe: {@link UnilinkCore} calls it under its lock.
 */
public final class FirstLaunch {
    static final String DONE_KEY = "unilink.deferred_checked";
    static final String REFUSALS_KEY = "unilink.deferred_refusals";
    /**
     * Checks the server refused (a 4xx other than 408 and 429: a wrong key, a request it
     * will not take) before the install gives up: a refusal does not go away by asking
     * again, and a deferred link is for the first launches only.
     */
    static final int MAX_REFUSALS = 3;

    public enum State {
        NOT_YET_CHECKED,
        WAITING_FOR_CONSENT,
        CHECKING,
        DONE
    }

    enum Action {
        /** Nothing to do now. */
        NONE,
        /** Send the deferred request (with {@link #referrer()}). */
        SEND,
        /** Deliver the answer: it is the install's, once. */
        DELIVER
    }

    private final KeyValueStorage storage;
    private State state;
    private String referrer;

    FirstLaunch(KeyValueStorage storage) {
        this.storage = storage;
        state = "1".equals(storage.get(DONE_KEY)) ? State.DONE : State.NOT_YET_CHECKED;
    }

    State state() {
        return state;
    }

    /** The referrer of the ask being answered: the first ask's. */
    String referrer() {
        return referrer;
    }

    /** The app (or {@code start}) asks for the check. */
    Action ask(String installReferrer, boolean consentGranted) {
        if (state != State.NOT_YET_CHECKED) {
            return Action.NONE;
        }
        referrer = installReferrer;
        if (!consentGranted) {
            state = State.WAITING_FOR_CONSENT;
            return Action.NONE;
        }
        state = State.CHECKING;
        return Action.SEND;
    }

    /** The user agreed that the app may use the network. */
    Action consentGranted() {
        if (state != State.WAITING_FOR_CONSENT) {
            return Action.NONE;
        }
        state = State.CHECKING;
        return Action.SEND;
    }

    /** The server answered (found or not found): the check is done for this install, for good. */
    Action answered() {
        if (state != State.CHECKING) {
            return Action.NONE;
        }
        storage.put(DONE_KEY, "1");
        state = State.DONE;
        return Action.DELIVER;
    }

    /**
     * The check failed (network, server, answer): delivered as a failure, asked again next
     * time; {@code refused} (a 4xx that is not 408 or 429) counts towards
     * {@link #MAX_REFUSALS}, after which the check is done for good, without a link.
     */
    Action failed(boolean refused) {
        if (state != State.CHECKING) {
            return Action.NONE;
        }
        referrer = null;
        if (refused) {
            int refusals = count(storage.get(REFUSALS_KEY)) + 1;
            if (refusals >= MAX_REFUSALS) {
                storage.put(DONE_KEY, "1");
                state = State.DONE;
                return Action.DELIVER;
            }
            storage.put(REFUSALS_KEY, Integer.toString(refusals));
        }
        state = State.NOT_YET_CHECKED;
        return Action.DELIVER;
    }

    private static int count(String stored) {
        try {
            return stored == null ? 0 : Math.max(0, Integer.parseInt(stored));
        } catch (NumberFormatException unreadable) {
            return 0;
        }
    }
}
