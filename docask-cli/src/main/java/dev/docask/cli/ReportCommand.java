package dev.docask.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.docask.index.DocIndex;
import dev.docask.report.Figures;
import dev.docask.report.HtmlReport;
import dev.docask.report.LogFolder;
import dev.docask.report.Report;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code docask report}: what readers asked and what the docs did not answer, from the folder
 * {@code docask serve --question-log} writes. Exit codes: 0 ok, 1 the log or index cannot be read (missing
 * or unreadable folder, a file that is not JSON Lines), 2 bad flags ({@code --since} not a date or in the
 * future).
 *
 * <pre>
 * docask report --log questions/ --index docs-index --out report.html
 * docask report --log questions/ --index docs-index --since 2026-11-01 --json
 * </pre>
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"Reports on a question log: questions per day answered, refused, cached, failed, or turned away by "
                + "a limit (limited) or a lost Redis (unavailable); refused "
                + "questions grouped by meaning (coverage gaps); thumbs-down answers; most and never cited pages; "
                + "latency; tokens.", "Writes one self-contained HTML file, or JSON with --json."})
final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--log", required = true, paramLabel = "DIR", description = "The folder docask serve --question-log writes.")
    Path log;

    @Mixin
    IndexArgs index;

    @Option(names = "--since", paramLabel = "DATE", description = "Count questions from this UTC day on (YYYY-MM-DD).")
    String since;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the HTML report here (default: report.html).")
    Path out;

    @Option(names = "--json", description = "Print the figures as JSON on standard output instead of writing HTML.")
    boolean json;

    @Option(names = "--group-similarity", paramLabel = "X",
            description = "Cosine similarity at which refused questions count as one gap (default: ${DEFAULT-VALUE}).")
    double groupSimilarity = 0.8;

    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        index.check(spec);
        Optional<String> from = Optional.ofNullable(since).map(this::requireDay);
        if (!(groupSimilarity > 0 && groupSimilarity <= 1)) {
            throw OptionCheck.fail(spec, "--group-similarity must be above 0 and at most 1, got " + groupSimilarity);
        }
        if (json && out != null) {
            throw OptionCheck.fail(spec, "--json prints to standard output; leave out --out");
        }
        LogFolder folder = LogFolder.open(log);
        Figures figures;
        try (DocIndex idx = index.open()) {
            figures = Report.figures(folder, from, idx, groupSimilarity);
        }
        figures.warnings().forEach(w -> err.println("docask report: " + w));
        err.flush();
        if (json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            stdout.println(Report.json(figures, mapper).toPrettyString());
            stdout.flush();
            return 0;
        }
        Path file = out != null ? out : Path.of("report.html");
        try {
            Files.writeString(file, HtmlReport.render(figures, "docask report: " + log.getFileName()));
        } catch (IOException e) {
            throw new IllegalStateException("the report could not be written to " + file + ": " + Failures.describe(e), e);
        }
        stdout.println("docask report: " + figures.questions() + " questions, " + figures.gaps().size()
                + " coverage gaps, " + figures.thumbsDownCount() + " thumbs down; wrote " + file);
        stdout.flush();
        return 0;
    }

    private String requireDay(String day) {
        LocalDate d;
        try {
            d = LocalDate.parse(day.strip());
        } catch (DateTimeParseException e) {
            throw OptionCheck.fail(spec, "--since must be a date like 2026-11-01, got '" + day + "'");
        }
        if (d.isAfter(LocalDate.now(clock.withZone(ZoneOffset.UTC)))) {
            throw OptionCheck.fail(spec, "--since " + d + " is in the future; nothing would be counted");
        }
        return d.toString();
    }
}
