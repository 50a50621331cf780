package dev.docask.testsupport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What a logger publishes through java.util.logging, where {@link System.Logger} goes when the class path holds no
 * other backend (as in docask-core's tests), every level included; close it to stop.
 *
 * <pre>{@code
 * try (CapturedLog log = CapturedLog.of(HybridRetriever.class)) {
 *     retriever.retrieve("createAskHandler", RetrievalOptions.defaults());
 *     assertThat(log.at(Level.WARNING)).hasSize(1);
 * }
 * }</pre>
 */
public final class CapturedLog implements AutoCloseable {
    private final Logger logger; // held: java.util.logging keeps its loggers weakly
    private final Level level;
    private final boolean useParentHandlers;
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            records.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private CapturedLog(Logger logger) {
        this.logger = logger;
        this.level = logger.getLevel();
        this.useParentHandlers = logger.getUseParentHandlers();
        handler.setLevel(Level.ALL);
        logger.setLevel(Level.ALL);
        logger.setUseParentHandlers(false); // the captured lines are the test's, not the build output's
        logger.addHandler(handler);
    }

    /** Captures the logger named as {@code type}, as {@code System.getLogger(type.getName())} is. */
    public static CapturedLog of(Class<?> type) {
        return new CapturedLog(Logger.getLogger(type.getName()));
    }

    /** The records published at {@code level}, in order. */
    public List<LogRecord> at(Level level) {
        return records.stream().filter(r -> r.getLevel().equals(level)).toList();
    }

    /** Every record published, in order. */
    public List<LogRecord> all() {
        return List.copyOf(records);
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
        logger.setLevel(level);
        logger.setUseParentHandlers(useParentHandlers);
    }
}
