package dev.docask.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MainTest {
    /** The version this build is making, passed in by the docask-cli pom (the one {@code revision} property). */
    private static final String BUILT_VERSION = System.getProperty("docask.built.version", "");

    @Test
    void version_printsTheVersionOfTheBuild() {
        assertThat(BUILT_VERSION).as("docask.built.version, set by surefire from ${project.version}").isNotBlank();

        CliRun r = CliRun.run("--version");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo("docask " + BUILT_VERSION);
    }

    @Test
    void version_isReadFromTheBuiltResource() {
        assertThat(BuildVersion.version()).isEqualTo(BUILT_VERSION).doesNotContain("${");
    }
}
