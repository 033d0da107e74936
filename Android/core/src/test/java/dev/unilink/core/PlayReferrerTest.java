package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.unilink.core.PlayReferrer.Answer;
import dev.unilink.core.PlayReferrer.Next;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What an answer of the Play referrer service leads to: the referrer makes the match
 * deterministic, so a service that is away is asked again, then on the next start, and
 * only a device without it (or one away for three starts) checks without it.
 */
class PlayReferrerTest {
    @Test
    void aReadReferrerIsCheckedWithAndADeviceWithoutTheServiceWithout() {
        assertEquals(Next.CHECK_WITH_REFERRER, PlayReferrer.decide(Answer.READ, 1, 0));
        assertEquals(Next.CHECK_WITH_REFERRER, PlayReferrer.decide(Answer.READ, 3, 2));
        assertEquals(Next.CHECK_WITHOUT_REFERRER, PlayReferrer.decide(Answer.FEATURE_NOT_SUPPORTED, 1, 0));
    }

    @ParameterizedTest
    @EnumSource(value = Answer.class, names = {"SERVICE_UNAVAILABLE", "DISCONNECTED", "READ_FAILED"})
    void aServiceAwayIsAskedAgainThenOnTheNextStart(Answer answer) {
        assertEquals(Next.RETRY, PlayReferrer.decide(answer, 1, 0));
        assertEquals(Next.RETRY, PlayReferrer.decide(answer, PlayReferrer.ATTEMPTS_PER_START - 1, 0));
        assertEquals(Next.WAIT_FOR_NEXT_START, PlayReferrer.decide(answer, PlayReferrer.ATTEMPTS_PER_START, 0));
        assertEquals(Next.WAIT_FOR_NEXT_START, PlayReferrer.decide(answer, PlayReferrer.ATTEMPTS_PER_START, PlayReferrer.STARTS_BEFORE_GOING_ON - 2));
        assertEquals(Next.CHECK_WITHOUT_REFERRER, PlayReferrer.decide(answer, PlayReferrer.ATTEMPTS_PER_START, PlayReferrer.STARTS_BEFORE_GOING_ON - 1));
    }

    @Test
    void aDeveloperErrorIsNotAskedAgainOnTheSameStart() {
        assertEquals(Next.WAIT_FOR_NEXT_START, PlayReferrer.decide(Answer.OTHER_ERROR, 1, 0));
        assertEquals(Next.CHECK_WITHOUT_REFERRER, PlayReferrer.decide(Answer.OTHER_ERROR, 1, PlayReferrer.STARTS_BEFORE_GOING_ON - 1));
    }

    @Test
    void theDelayDoubles() {
        assertEquals(1_000, PlayReferrer.retryDelayMillis(1));
        assertEquals(2_000, PlayReferrer.retryDelayMillis(2));
        assertEquals(4_000, PlayReferrer.retryDelayMillis(3));
    }

    @Test
    void theCoreLeavesTheCheckForTheNextStartAndCountsTheStarts() throws Exception {
        MemoryStorage install = new MemoryStorage();
        for (int start = 1; start < PlayReferrer.STARTS_BEFORE_GOING_ON; start++) {
            TrackingExecutor work = new TrackingExecutor();
            UnilinkCore core = new UnilinkCore(config(), install, ServerEndToEndTest.device(), work, Runnable::run, millis -> {});
            for (int attempt = 1; attempt < PlayReferrer.ATTEMPTS_PER_START; attempt++) {
                assertEquals(Next.RETRY, core.playReferrerAnswered(Answer.SERVICE_UNAVAILABLE, null, attempt));
            }
            assertEquals(Next.WAIT_FOR_NEXT_START, core.playReferrerAnswered(Answer.DISCONNECTED, null, PlayReferrer.ATTEMPTS_PER_START));
            assertEquals(0, work.submitted(), "no check was sent without the referrer");
            assertEquals(FirstLaunch.State.NOT_YET_CHECKED, core.getFirstLaunchState());
        }
        TrackingExecutor work = new TrackingExecutor();
        RecordingListener listener = new RecordingListener();
        UnilinkCore last = new UnilinkCore(config(), install, ServerEndToEndTest.device(), work, Runnable::run, millis -> {});
        last.setListener(listener);
        assertEquals(Next.CHECK_WITHOUT_REFERRER, last.playReferrerAnswered(Answer.SERVICE_UNAVAILABLE, null, PlayReferrer.ATTEMPTS_PER_START));
        assertEquals(1, work.submitted(), "the last start checks without it");
        listener.nextFailure();
    }

    @Test
    void aReferrerReadOnALaterAttemptIsTheOneChecked() throws Exception {
        TrackingExecutor work = new TrackingExecutor();
        UnilinkCore core = new UnilinkCore(config(), new MemoryStorage(), ServerEndToEndTest.device(), work, Runnable::run, millis -> {});
        assertEquals(Next.RETRY, core.playReferrerAnswered(Answer.SERVICE_UNAVAILABLE, null, 1));
        assertEquals(0, work.submitted());
        assertEquals(Next.CHECK_WITH_REFERRER, core.playReferrerAnswered(Answer.READ, "ul_click=" + InstallReferrerTest.ID, 2));
        assertEquals(1, work.submitted());
        work.awaitIdle();
    }

    /** A port nobody listens on: a check that is sent fails, which is all these tests need to see. */
    private static UnilinkConfig config() throws java.io.IOException {
        int closedPort;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        return UnilinkConfig.builder("pk_test", "http://127.0.0.1:" + closedPort).linkHosts("link.example.com").maxAttempts(1).build();
    }
}
