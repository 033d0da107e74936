package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.unilink.core.FirstLaunch.Action;
import dev.unilink.core.FirstLaunch.State;
import org.junit.jupiter.api.Test;

/** The first-launch check's transitions, and what survives a restart. */
class FirstLaunchTest {
    @Test
    void withConsentTheFirstAskSendsAndTheAnswerIsDeliveredOnceForGood() {
        MemoryStorage storage = new MemoryStorage();
        FirstLaunch check = new FirstLaunch(storage);
        assertEquals(State.NOT_YET_CHECKED, check.state());
        assertEquals(Action.SEND, check.ask("ul_click=a", true));
        assertEquals(State.CHECKING, check.state());
        assertEquals(Action.NONE, check.ask("ul_click=b", true), "one request at a time");
        assertEquals("ul_click=a", check.referrer(), "the first ask's referrer is sent");
        assertEquals(Action.DELIVER, check.answered());
        assertEquals(State.DONE, check.state());
        assertEquals(Action.NONE, check.answered());
        assertEquals(Action.NONE, check.ask(null, true));
        assertEquals(State.DONE, new FirstLaunch(storage).state(), "the next launch knows");
    }

    @Test
    void withoutConsentItWaitsThenSends() {
        FirstLaunch check = new FirstLaunch(new MemoryStorage());
        assertEquals(Action.NONE, check.ask("r", false));
        assertEquals(State.WAITING_FOR_CONSENT, check.state());
        assertEquals(Action.NONE, check.ask("other", false));
        assertEquals(Action.SEND, check.consentGranted());
        assertEquals("r", check.referrer());
        assertEquals(Action.NONE, check.consentGranted());
    }

    @Test
    void aFailureIsDeliveredAndTheCheckIsAskedAgainLater() {
        MemoryStorage storage = new MemoryStorage();
        FirstLaunch check = new FirstLaunch(storage);
        check.ask("r", true);
        assertEquals(Action.DELIVER, check.failed(false));
        assertEquals(State.NOT_YET_CHECKED, check.state());
        assertNull(check.referrer());
        assertEquals(State.NOT_YET_CHECKED, new FirstLaunch(storage).state(), "the next launch asks again");
        assertEquals(Action.SEND, check.ask("again", true));
        assertEquals("again", check.referrer());
    }

    @Test
    void aCheckRefusedOnThreeStartsIsDoneForGood() {
        MemoryStorage storage = new MemoryStorage();
        for (int start = 1; start < FirstLaunch.MAX_REFUSALS; start++) {
            FirstLaunch check = new FirstLaunch(storage);
            assertEquals(Action.SEND, check.ask(null, true));
            assertEquals(Action.DELIVER, check.failed(true));
            assertEquals(State.NOT_YET_CHECKED, new FirstLaunch(storage).state(), "refusal " + start + " is asked again");
        }
        FirstLaunch last = new FirstLaunch(storage);
        last.ask(null, true);
        assertEquals(Action.DELIVER, last.failed(true), "the last refusal is delivered too");
        assertEquals(State.DONE, last.state());
        assertEquals(State.DONE, new FirstLaunch(storage).state(), "and never asked again");
    }

    @Test
    void networkFailuresNeverEndTheCheck() {
        MemoryStorage storage = new MemoryStorage();
        for (int start = 0; start < FirstLaunch.MAX_REFUSALS * 3; start++) {
            FirstLaunch check = new FirstLaunch(storage);
            assertEquals(Action.SEND, check.ask(null, true));
            check.failed(false);
        }
        assertEquals(State.NOT_YET_CHECKED, new FirstLaunch(storage).state());
    }

    @Test
    void waitingOrCheckingWhenTheProcessEndsIsNotYetChecked() {
        MemoryStorage storage = new MemoryStorage();
        new FirstLaunch(storage).ask("r", false);
        assertEquals(State.NOT_YET_CHECKED, new FirstLaunch(storage).state());
        new FirstLaunch(storage).ask("r", true);
        assertEquals(State.NOT_YET_CHECKED, new FirstLaunch(storage).state());
    }

    @Test
    void answersOutOfTurnDoNothing() {
        FirstLaunch check = new FirstLaunch(new MemoryStorage());
        assertEquals(Action.NONE, check.answered());
        assertEquals(Action.NONE, check.failed(false));
        assertEquals(State.NOT_YET_CHECKED, check.state());
    }
}
