package dev.docask;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

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
    void ingest_dependsOnNoOtherFeature() {
        noClasses().that().resideInAPackage("dev.docask.ingest..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.docask.index..", "dev.docask.embed..",
                        "dev.docask.retrieve..", "dev.docask.answer..", "dev.docask.server..", "dev.docask.cli..",
                        "dev.docask.eval..")
                .allowEmptyShould(true).check(MAIN);
    }

    @Test
    void embedAndIndex_doNotReachUpward() {
        noClasses().that().resideInAnyPackage("dev.docask.embed..", "dev.docask.index..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.docask.retrieve..", "dev.docask.answer..",
                        "dev.docask.server..", "dev.docask.cli..", "dev.docask.eval..")
                .allowEmptyShould(true).check(MAIN);
    }

    @Test
    void retrieve_doesNotReachUpward() {
        noClasses().that().resideInAPackage("dev.docask.retrieve..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.docask.answer..", "dev.docask.server..",
                        "dev.docask.cli..", "dev.docask.eval..")
                .allowEmptyShould(true).check(MAIN);
    }

    @Test
    void answer_doesNotReachUpward() {
        noClasses().that().resideInAPackage("dev.docask.answer..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.docask.server..", "dev.docask.cli..",
                        "dev.docask.eval..")
                .allowEmptyShould(true).check(MAIN);
    }

    @Test
    void libraries_stayInTheirRooms() {
        noClasses().that().resideOutsideOfPackages("dev.docask.index..", "dev.docask.retrieve..", "dev.docask.eval..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.lucene..").allowEmptyShould(true).check(MAIN);
        noClasses().that().resideOutsideOfPackages("dev.docask.embed..", "dev.docask.answer..", "dev.docask.eval..")
                .should().dependOnClassesThat().resideInAPackage("dev.langchain4j..").allowEmptyShould(true).check(MAIN);
        noClasses().that().resideOutsideOfPackage("dev.docask.server..")
                .should().dependOnClassesThat().resideInAPackage("io.javalin..").allowEmptyShould(true).check(MAIN);
        noClasses().that().resideOutsideOfPackage("dev.docask.cli..")
                .should().dependOnClassesThat().resideInAPackage("picocli..").allowEmptyShould(true).check(MAIN);
    }
}
