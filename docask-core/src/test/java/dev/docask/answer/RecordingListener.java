package dev.docask.answer;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Keeps every event of one answer, with the thread-safe waiting a test needs. */
final class RecordingListener implements AskHandler.Listener {
    private final List<AskEvent> events = new CopyOnWriteArrayList<>();
    private final CountDownLatch ended = new CountDownLatch(1);
    private final CountDownLatch firstDelta = new CountDownLatch(1);

    @Override
    public void on(AskEvent event) {
        events.add(event);
        if (event instanceof AskEvent.Delta) {
            firstDelta.countDown();
        }
        if (event instanceof AskEvent.Done || event instanceof AskEvent.Failed) {
            ended.countDown();
        }
    }

    List<AskEvent> events() {
        return List.copyOf(events);
    }

    List<String> names() {
        return events.stream().map(AskEvent::name).toList();
    }

    boolean awaitEnd(Duration max) throws InterruptedException {
        return ended.await(max.toMillis(), TimeUnit.MILLISECONDS);
    }

    boolean awaitFirstDelta(Duration max) throws InterruptedException {
        return firstDelta.await(max.toMillis(), TimeUnit.MILLISECONDS);
    }

    AskEvent last() {
        return events.getLast();
    }

    Answer answer() {
        return ((AskEvent.Done) last()).answer();
    }
}
