package dev.docask.report;

import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/*
 * The question log as tables of an in-memory DuckDB, which reads the JSON Lines files itself, in
 * parallel, into one in-memory table. The columns are named, so fields a newer docask adds are ignored
 * and a missing field is NULL; ignore_errors skips a line that does not parse (a torn record,
 * which LogFolder has warned about; any other, which warnings() counts against LogFolder's lines).
 * Answers served from the cache (refusals included: a cache hit has no sourcesMs) are left out of the
 * latency figures: they take no time and would hide how long the work takes. Times are ISO-8601 UTC strings as the server writes them, so
 * the day is their first ten characters and --since compares them as text. Answer ids are kept as
 * written: a record logged twice would show as two questions, which the report must not hide.
 */
/** Reads a question log into DuckDB and computes the report's figures. */
public final class LogDatabase implements AutoCloseable {
    private static final String COLUMNS = "{type:'VARCHAR', v:'INTEGER', time:'VARCHAR', id:'VARCHAR', "
            + "question:'VARCHAR', standalone:'VARCHAR', outcome:'VARCHAR', bestSimilarity:'DOUBLE', "
            + "bestCoverage:'DOUBLE', sources:'VARCHAR[]', cited:'VARCHAR[]', model:'VARCHAR', inputTokens:'BIGINT', "
            + "outputTokens:'BIGINT', sourcesMs:'BIGINT', firstTokenMs:'BIGINT', totalMs:'BIGINT', error:'VARCHAR', "
            + "client:'VARCHAR', rating:'VARCHAR', comment:'VARCHAR', answer:'VARCHAR'}";

    private static final String OUTCOMES = Figures.OUTCOMES.stream().map(LogDatabase::quote)
            .collect(Collectors.joining(", ", "(", ")"));

    private final Connection db;

    private LogDatabase(Connection db) {
        this.db = db;
    }

    /**
     * Reads the folder's files, keeping records from {@code since} (a date, {@code YYYY-MM-DD}) on.
     *
     * @throws IllegalStateException when DuckDB cannot be loaded or cannot read the files
     */
    public static LogDatabase read(LogFolder folder, Optional<String> since) {
        Connection c;
        try {
            Class.forName("org.duckdb.DuckDBDriver");
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("docask report needs DuckDB (duckdb/duckdb_jdbc.jar beside the docask jar, "
                    + "or lib/duckdb/ in the distribution), and it is missing: rebuild, or unpack the distribution again");
        }
        try {
            c = DriverManager.getConnection("jdbc:duckdb:");
        } catch (SQLException e) {
            throw new IllegalStateException("DuckDB could not start: " + e.getMessage(), e);
        }
        LogDatabase d = new LogDatabase(c);
        try (Statement s = c.createStatement()) {
            String files = folder.files().stream().map(p -> quote(p.toAbsolutePath().toString()))
                    .collect(Collectors.joining(", ", "[", "]"));
            String from = since.map(day -> " AND time >= " + quote(day)).orElse("");
            // One pass over the files (the JSON parse is most of the report's time), then views over the table.
            s.execute("CREATE TEMP TABLE raw AS SELECT * FROM read_json(" + files
                    + ", format='newline_delimited', ignore_errors=true, filename=true, maximum_object_size=16777216, "
                    + "columns=" + COLUMNS + ")");
            s.execute("CREATE TEMP VIEW log AS SELECT * FROM raw WHERE id IS NOT NULL AND time IS NOT NULL" + from);
            s.execute("CREATE TEMP VIEW q AS SELECT * FROM log WHERE type = 'question' AND outcome IN " + OUTCOMES);
            // an answer rated twice (two servers, a retried request) counts by its last rating
            s.execute("CREATE TEMP VIEW fb AS SELECT * FROM log WHERE type = 'feedback' AND rating IS NOT NULL "
                    + "QUALIFY row_number() OVER (PARTITION BY id ORDER BY time DESC) = 1");
        } catch (SQLException e) {
            d.close();
            throw new IllegalStateException("the question log in " + folder.dir() + " could not be read: "
                    + firstLine(e.getMessage()), e);
        }
        return d;
    }

    long questions() {
        return one("SELECT count(*) FROM q");
    }

    long clients() {
        return one("SELECT count(DISTINCT client) FROM q");
    }

    /** Answers whose (last) rating is {@code rating}. */
    long rated(String rating) {
        return one("SELECT count(*) FROM fb WHERE rating = " + quote(rating));
    }

    /**
     * What the figures leave out: lines of a file that are not JSON records (DuckDB skips them in silence), and
     * questions with an outcome this version does not know.
     */
    List<String> warnings(LogFolder folder) {
        List<String> warnings = new ArrayList<>();
        Map<String, Long> read = new java.util.HashMap<>();
        // a line that does not parse is a row of NULLs here; a record without its id or time is no record either
        query("SELECT filename, count(*) FROM raw WHERE id IS NOT NULL AND time IS NOT NULL GROUP BY filename",
                r -> read.put(r.getString(1), r.getLong(2)));
        for (var f : folder.files()) {
            long skipped = folder.lines().getOrDefault(f, 0L) - read.getOrDefault(f.toAbsolutePath().toString(), 0L);
            if (skipped > 0) {
                warnings.add(f.getFileName() + ": " + skipped + (skipped == 1 ? " line is" : " lines are")
                        + " not a JSON record and " + (skipped == 1 ? "was" : "were") + " skipped");
            }
        }
        List<String> unknown = query("SELECT outcome, count(*) FROM log WHERE type = 'question' AND outcome IS NOT NULL "
                + "AND outcome NOT IN " + OUTCOMES + " GROUP BY outcome ORDER BY outcome",
                r -> r.getString(1) + " (" + r.getLong(2) + ")");
        if (!unknown.isEmpty()) {
            warnings.add("questions with an outcome this docask does not know were not counted: " + String.join(", ", unknown));
        }
        return warnings;
    }

    /** The latest question's time, if any. */
    Optional<String> lastTime() {
        return query("SELECT max(time) FROM q", r -> Optional.ofNullable(r.getString(1))).getFirst();
    }

    Map<String, Long> outcomes() {
        Map<String, Long> m = new LinkedHashMap<>();
        query("SELECT outcome, count(*) FROM q GROUP BY outcome", r -> m.put(r.getString(1), r.getLong(2)));
        return m;
    }

    List<Figures.Day> days() {
        Map<String, Map<String, Long>> byDay = new java.util.TreeMap<>();
        query("SELECT substr(time, 1, 10) AS d, outcome, count(*) FROM q GROUP BY d, outcome",
                r -> byDay.computeIfAbsent(r.getString(1), k -> new LinkedHashMap<>()).put(r.getString(2), r.getLong(3)));
        return byDay.entrySet().stream().map(e -> new Figures.Day(e.getKey(), e.getValue())).toList();
    }

    Figures.Latency latency() {
        return query("SELECT quantile_cont(sourcesMs, 0.5), quantile_cont(sourcesMs, 0.95), "
                + "quantile_cont(firstTokenMs, 0.5), quantile_cont(firstTokenMs, 0.95), "
                + "quantile_cont(totalMs, 0.5), quantile_cont(totalMs, 0.95) FROM q "
                + "WHERE outcome IN ('answered', 'refused') AND sourcesMs IS NOT NULL", r -> new Figures.Latency(
                        d(r, 1), d(r, 2), d(r, 3), d(r, 4), d(r, 5), d(r, 6))).getFirst();
    }

    List<Figures.Tokens> tokens() {
        return query("SELECT substr(time, 1, 10) AS d, coalesce(sum(inputTokens), 0), coalesce(sum(outputTokens), 0) "
                + "FROM q GROUP BY d ORDER BY d", r -> new Figures.Tokens(r.getString(1), r.getLong(2), r.getLong(3)));
    }

    List<Figures.ThumbsDown> thumbsDown(int limit) {
        return query("SELECT fb.id, fb.time, coalesce(q.question, ''), coalesce(fb.answer, ''), q.sources, "
                + "coalesce(fb.comment, '') FROM fb LEFT JOIN q ON q.id = fb.id WHERE fb.rating = 'down' "
                + "ORDER BY fb.time DESC LIMIT " + limit, r -> new Figures.ThumbsDown(r.getString(1), r.getString(2),
                r.getString(3), r.getString(4), strings(r.getArray(5)), r.getString(6)));
    }

    /** Pages (URLs without their #anchor) by how many answers cited them. */
    List<Figures.PageCount> cited() {
        return query("SELECT page, count(DISTINCT id) AS n FROM (SELECT id, split_part(unnest(cited), '#', 1) AS page "
                + "FROM q) GROUP BY page ORDER BY n DESC, page", r -> new Figures.PageCount(r.getString(1), r.getLong(2)));
    }

    /** Refused questions (the standalone rewrite of a follow-up), the same text counted together, most asked first. */
    List<Asked> refused(int limit) {
        return query("SELECT any_value(coalesce(standalone, question)), count(*) AS n FROM q "
                + "WHERE outcome = 'refused' AND question IS NOT NULL "
                + "GROUP BY lower(trim(coalesce(standalone, question))) ORDER BY n DESC, 1 LIMIT " + limit,
                r -> new Asked(r.getString(1), r.getLong(2)));
    }

    /** A question and how often it was asked. */
    record Asked(String text, long count) {
    }

    private long one(String sql) {
        return query(sql, r -> r.getLong(1)).getFirst();
    }

    private interface Row<T> {
        T read(ResultSet r) throws SQLException;
    }

    private <T> List<T> query(String sql, Row<T> row) {
        try (PreparedStatement p = db.prepareStatement(sql); ResultSet r = p.executeQuery()) {
            List<T> out = new ArrayList<>();
            while (r.next()) {
                out.add(row.read(r));
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("the question log could not be summarised: " + firstLine(e.getMessage()), e);
        }
    }

    private static OptionalDouble d(ResultSet r, int col) throws SQLException {
        double v = r.getDouble(col);
        return r.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    private static List<String> strings(Array a) throws SQLException {
        if (a == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (Object o : (Object[]) a.getArray()) {
            if (o != null) {
                out.add(o.toString());
            }
        }
        return out;
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    @Override
    public void close() {
        try {
            db.close();
        } catch (SQLException ignored) {
            // an in-memory database: nothing to lose
        }
    }

}
