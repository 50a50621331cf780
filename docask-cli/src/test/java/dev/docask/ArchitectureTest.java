package dev.docask;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import dev.docask.testsupport.TestSites;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/** Holds the package edges of docs/design.md#packages so they cannot rot. */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar") && !location.contains("/test-classes/"))
            .importPackages("dev.docask");

    @Test
    void packages_haveNoCycles() {
        SlicesRuleDefinition.slices().matching("dev.docask.(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void ingest_dependsOnNoOtherFeature() throws IOException {
        mustNotReach(List.of("dev.docask.ingest"), "dev.docask.index", "dev.docask.embed", "dev.docask.retrieve",
                "dev.docask.answer", "dev.docask.server", "dev.docask.cli", "dev.docask.eval");
    }

    @Test
    void embedAndIndex_doNotReachUpward() throws IOException {
        mustNotReach(List.of("dev.docask.embed", "dev.docask.index"), "dev.docask.retrieve", "dev.docask.answer",
                "dev.docask.server", "dev.docask.cli", "dev.docask.eval");
    }

    @Test
    void retrieve_doesNotReachUpward() throws IOException {
        mustNotReach(List.of("dev.docask.retrieve"), "dev.docask.answer", "dev.docask.server", "dev.docask.cli", "dev.docask.eval");
    }

    @Test
    void answer_doesNotReachUpward() throws IOException {
        mustNotReach(List.of("dev.docask.answer"), "dev.docask.server", "dev.docask.cli", "dev.docask.eval");
    }

    @Test
    void crawl_readsThroughIngestAndIndexOnly() throws IOException {
        mustNotReach(List.of("dev.docask.crawl"), "dev.docask.embed", "dev.docask.retrieve", "dev.docask.answer",
                "dev.docask.server", "dev.docask.cli", "dev.docask.eval");
        noClasses().that().resideOutsideOfPackages("dev.docask.crawl..", "dev.docask.cli..")
                .should().dependOnClassesThat().resideInAPackage("dev.docask.crawl..").allowEmptyShould(true).check(MAIN);
    }

    @Test
    void mcp_readsRetrievalAndTheIndex_andNothingAboveIt() throws IOException {
        mustNotReach(List.of("dev.docask.mcp"), "dev.docask.answer", "dev.docask.server", "dev.docask.cli", "dev.docask.eval");
    }

    @Test
    void solr_readsThroughTheIndexOnly() throws IOException {
        mustNotReach(List.of("dev.docask.solr"), "dev.docask.retrieve", "dev.docask.answer", "dev.docask.server",
                "dev.docask.cli", "dev.docask.eval");
    }

    /**
     * No class of {@code packages} (or below) depends on a class of {@code above} (or below), in the class files and in
     * the sources: javac copies a constant (a static final string or number) into the class that reads it, so that
     * edge is in no class file for ArchUnit to see; the source still names the package, in an import or in full.
     * Comments are not read: a {@code {@link}} to a package above is no dependency.
     */
    private static void mustNotReach(List<String> packages, String... above) throws IOException {
        noClasses().that().resideInAnyPackage(packages.stream().map(p -> p + "..").toArray(String[]::new))
                .should().dependOnClassesThat().resideInAnyPackage(Stream.of(above).map(p -> p + "..").toArray(String[]::new))
                .allowEmptyShould(true).check(MAIN);
        Pattern named = Pattern.compile(Stream.of(above).map(Pattern::quote).collect(Collectors.joining("|", "(?:", ")(?!\\w)")));
        List<String> found = new ArrayList<>();
        for (String p : packages) {
            for (Path file : mainSources(p)) {
                Matcher m = named.matcher(COMMENT.matcher(Files.readString(file)).replaceAll(" "));
                while (m.find()) {
                    found.add(TestSites.root().relativize(file) + " names " + m.group());
                }
            }
        }
        assertThat(found).as("sources of " + packages + " that name a package above them (a constant javac inlines is"
                + " invisible in the class files)").isEmpty();
    }

    private static final Pattern COMMENT = Pattern.compile("(?s)/\\*.*?\\*/|//[^\n]*");

    /** The main sources of {@code pkg} and the packages below it, in every module. */
    private static List<Path> mainSources(String pkg) throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(TestSites.root())) {
            for (Path dir : modules.map(m -> m.resolve("src/main/java").resolve(pkg.replace('.', '/'))).filter(Files::isDirectory).toList()) {
                try (Stream<Path> files = Files.walk(dir)) {
                    files.filter(f -> f.toString().endsWith(".java")).forEach(sources::add);
                }
            }
        }
        return sources;
    }

    @Test
    void libraries_stayInTheirRooms() {
        noClasses().that().resideOutsideOfPackage("dev.docask.solr..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.solr..").allowEmptyShould(true).check(MAIN);
        noClasses().that().resideOutsideOfPackage("dev.docask.crawl..")
                .should().dependOnClassesThat().resideInAPackage("crawlercommons..").allowEmptyShould(true).check(MAIN);
        noClasses().that().resideOutsideOfPackages("dev.docask.index..", "dev.docask.retrieve..", "dev.docask.eval..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.lucene..").allowEmptyShould(true).check(MAIN);
        noClasses().that().resideOutsideOfPackages("dev.docask.embed..", "dev.docask.answer..", "dev.docask.eval..")
                .should().dependOnClassesThat().resideInAPackage("dev.langchain4j..").allowEmptyShould(true).check(MAIN);
        noClasses().that().resideOutsideOfPackage("dev.docask.server..")
                .should().dependOnClassesThat().resideInAPackage("io.javalin..").allowEmptyShould(true).check(MAIN);
        noClasses().that().resideOutsideOfPackage("dev.docask.cli..")
                .should().dependOnClassesThat().resideInAPackage("picocli..").allowEmptyShould(true).check(MAIN);
        noClasses().that().resideOutsideOfPackage("dev.docask.mcp..")
                .should().dependOnClassesThat().resideInAPackage("io.modelcontextprotocol..").allowEmptyShould(true).check(MAIN);
    }

    /** The packages a library user may import (docs/api.md); the rest is docask's own. */
    private static final Set<String> EXPORTED = Set.of("dev.docask.ingest", "dev.docask.embed", "dev.docask.index",
            "dev.docask.retrieve", "dev.docask.answer", "dev.docask.embed.bge", "dev.docask.embed.e5", "dev.docask.answer.providers",
            "dev.docask.server", "dev.docask.crawl", "dev.docask.mcp", "dev.docask.solr");

    private static List<JavaClass> exported() {
        return MAIN.stream().filter(c -> EXPORTED.contains(c.getPackageName()))
                .filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC)).toList();
    }

    @Test
    void exportedTypes_areExactlyTheListInDocsApiMd() throws IOException {
        Set<String> listed = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^- `(dev\\.docask\\.[\\w.]*\\.[A-Z]\\w*)`").matcher(
                Files.readString(TestSites.root().resolve("docs/api.md")));
        while (m.find()) {
            listed.add(m.group(1));
        }
        Set<String> exported = new TreeSet<>();
        exported().stream().filter(JavaClass::isTopLevelClass).forEach(c -> exported.add(c.getName()));
        assertThat(exported).as("public top-level types of the exported packages vs the list in docs/api.md")
                .containsExactlyElementsOf(listed);
    }

    @Test
    void exportedTypes_exposeNoInternalType() {
        List<String> leaks = new ArrayList<>();
        for (JavaClass c : exported()) {
            for (JavaCodeUnit u : c.getCodeUnits()) {
                if (u.getModifiers().contains(JavaModifier.PUBLIC) || u.getModifiers().contains(JavaModifier.PROTECTED)) {
                    Stream.concat(Stream.of(u.getRawReturnType()), u.getRawParameterTypes().stream())
                            .filter(ArchitectureTest::isInternal)
                            .forEach(t -> leaks.add(u.getFullName() + " uses " + t.getName()));
                }
            }
            for (JavaField f : c.getFields()) {
                if (f.getModifiers().contains(JavaModifier.PUBLIC) && isInternal(f.getRawType())) {
                    leaks.add(f.getFullName() + " is a " + f.getRawType().getName());
                }
            }
        }
        assertThat(leaks).as("public members of exported types that hand out docask's internals").isEmpty();
    }

    @Test
    void exportedPackages_eachHaveAPackageInfo() throws IOException {
        Set<String> documented = new TreeSet<>();
        try (Stream<Path> files = Files.walk(TestSites.root(), 10)) {
            files.filter(f -> f.endsWith("package-info.java") && f.toString().contains("/src/main/java/"))
                    .forEach(f -> documented.add(f.getParent().toString().replaceFirst(".*/src/main/java/", "").replace('/', '.')));
        }
        assertThat(documented).as("exported packages with a package-info.java naming their entry point").containsAll(EXPORTED);
    }

    @Test
    void exportedPackages_andTheirInternals_areNullMarked() {
        Set<String> packages = new TreeSet<>();
        MAIN.stream().map(JavaClass::getPackageName)
                .filter(p -> EXPORTED.contains(p) || EXPORTED.stream().anyMatch(e -> p.equals(e + ".internal")))
                .forEach(packages::add);
        List<String> unmarked = packages.stream().filter(p -> MAIN.getPackage(p).tryGetPackageInfo()
                .map(info -> !info.isAnnotatedWith(NullMarked.class)).orElse(true)).toList();
        assertThat(packages).as("exported packages seen").containsAll(EXPORTED);
        assertThat(unmarked).as("exported or internal packages without @NullMarked (docs/design.md, Nullness)").isEmpty();
    }

    private static boolean isInternal(JavaClass type) {
        String p = type.getPackageName();
        return p.startsWith("dev.docask.") && (p.contains(".internal") || p.startsWith("dev.docask.cli")
                || p.startsWith("dev.docask.eval"));
    }
}
