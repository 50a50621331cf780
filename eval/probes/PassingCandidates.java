import dev.docask.index.DocIndex;
import dev.docask.retrieve.*;
import com.fasterxml.jackson.databind.*;
import com.fasterxml.jackson.databind.node.*;
import java.nio.file.*;
import java.util.*;

/**
 * A measurement, not product code: per question form (short, and long where a question has one), the gate's verdict,
 * the calibrated floors, the best cosine and coverage, and the cosine and coverage of every candidate that passed, as
 * one JSON line; docs/quality.md, "Words in another sense: adopted", read its figures from these lines (the cosine of the
 * candidate that passes on its words). Only the public API is used: HybridRetriever, Retrieval.hits() and
 * Hit.passed().
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp docask-cli/target/docask-0.2.0-SNAPSHOT.jar \
 *     eval/probes/PassingCandidates.java INDEX OUT.jsonl SITE QUESTIONS.jsonl...
 * </pre>
 */
public class PassingCandidates {
    public static void main(String[] a) throws Exception {
        ObjectMapper json = new ObjectMapper();
        try (DocIndex idx = DocIndex.open(Path.of(a[0]));
             var w = Files.newBufferedWriter(Path.of(a[1]))) {
            HybridRetriever r = HybridRetriever.create(idx);
            RetrievalOptions o = RetrievalOptions.parse("topK=6");
            HybridRetriever.Thresholds t = r.thresholds(o);
            for (int f = 3; f < a.length; f++) {
                String set = Path.of(a[f]).getFileName().toString().replaceFirst("^[a-z]+-", "").replace(".jsonl", "");
                for (String line : Files.readAllLines(Path.of(a[f]))) {
                    if (line.isBlank()) continue;
                    JsonNode q = json.readTree(line);
                    List<String[]> forms = new ArrayList<>();
                    forms.add(new String[]{"S", q.get("question").asText()});
                    if (q.hasNonNull("long_question")) forms.add(new String[]{"L", q.get("long_question").asText()});
                    for (String[] form : forms) {
                        Retrieval ret = r.retrieve(form[1].length() > 4000 ? form[1].substring(0, 4000) : form[1], o);
                        ObjectNode n = json.createObjectNode();
                        n.put("site", a[2]); n.put("set", set); n.put("id", q.path("id").asText()); n.put("form", form[0]);
                        n.put("ans", q.path("answerable").asBoolean(true)); n.put("text", form[1]);
                        n.put("passed", ret.answerable());
                        n.put("floorSim", t.minSimilarity()); n.put("floorCov", t.minKeywordCoverage());
                        n.put("bestSim", ret.bestSimilarity().orElse(Double.NaN)); n.put("bestCov", ret.bestCoverage());
                        double maxPassSim = Double.NaN, passCov = Double.NaN;
                        ArrayNode passing = n.putArray("passing");
                        List<Hit> all = new ArrayList<>(ret.hits());
                        ret.sources().forEach(src -> all.addAll(src.hits()));
                        for (Hit h : all) {
                            if (h.passed()) {
                                double s = h.similarity().orElse(Double.NaN);
                                ArrayNode p = passing.addArray(); p.add(s); p.add(h.keywordCoverage());
                                if (Double.isNaN(maxPassSim) || s > maxPassSim) maxPassSim = s;
                            }
                        }
                        n.put("maxPassSim", maxPassSim);
                        ArrayNode urls = n.putArray("urls");
                        ret.sources().forEach(s -> urls.add(s.url()));
                        ArrayNode exp = n.putArray("exp");
                        q.path("expected_urls").forEach(exp::add);
                        w.write(json.writeValueAsString(n)); w.newLine();
                    }
                }
            }
        }
    }
}
