package dev.docask.retrieve.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PersonalDataTest {
    @Test
    void withoutIn_leavesOutEmailAddressesAndPrefixedKeys_only() {
        assertThat(PersonalData.withoutIn("Why is sk-proj1234567890abcd rejected? I am a@b.io"))
                .isEqualTo("Why is rejected? I am");
        assertThat(PersonalData.withoutIn("token ghp_0123456789abcdefABCD and AKIAABCDEFGHIJKLMNOP"))
                .isEqualTo("token and");
        assertThat(PersonalData.withoutIn("How do I install @rollup/rollup-linux-x64-gnu?"))
                .as("a package name is the question's subject").isEqualTo("How do I install @rollup/rollup-linux-x64-gnu?");
        assertThat(PersonalData.withoutIn("does sk-learn work?")).as("too short for a key").isEqualTo("does sk-learn work?");
        assertThat(PersonalData.withoutIn("jane@example.com")).as("nothing else left: as written").isEqualTo("jane@example.com");
    }
}
