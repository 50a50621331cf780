package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RouteTest {

    private static String encoded(String path) {
        return new Route(path, null, null).encodedPath();
    }

    @Test
    void encodedPath_normalNames_unchanged() {
        assertThat(encoded("/docs/api/@docusaurus/plugin-pwa")).isEqualTo("/docs/api/@docusaurus/plugin-pwa");
        assertThat(encoded("/guide/mocking.html")).isEqualTo("/guide/mocking.html");
        assertThat(encoded("/zh-cn/guides/café/")).isEqualTo("/zh-cn/guides/café/");
        assertThat(encoded("/a_b-c~d(e)+f,g;h=i:j!k$l&m'n*o")).isEqualTo("/a_b-c~d(e)+f,g;h=i:j!k$l&m'n*o");
    }

    @Test
    void encodedPath_charactersNotAllowedInAPath_percentEncoded() {
        assertThat(encoded("/hash#tag")).isEqualTo("/hash%23tag");
        assertThat(encoded("/q?mark")).isEqualTo("/q%3Fmark");
        assertThat(encoded("/100%")).isEqualTo("/100%25");
        assertThat(encoded("/50% off")).isEqualTo("/50%25%20off");
        assertThat(encoded("/a[1]{2}|\"<>^`\\")).isEqualTo("/a%5B1%5D%7B2%7D%7C%22%3C%3E%5E%60%5C");
    }

    @Test
    void encodedPath_alreadyEncoded_notEncodedTwice() {
        assertThat(encoded("/caf%C3%A9/a%20b")).isEqualTo("/caf%C3%A9/a%20b");
        for (String path : new String[] {"/hash#tag", "/100%", "/%zz", "/x%2", "/a b?c#d%"}) {
            assertThat(encoded(encoded(path))).isEqualTo(encoded(path));
        }
    }

    @Test
    void route_dotSegmentsOfASlug_resolveAsABrowserResolvesThem_neverAboveTheRoot() {
        assertThat(new Route("/../../../etc/passwd", null, null).path()).isEqualTo("/etc/passwd");
        assertThat(new Route("/guide/../api/./create", null, null).path()).isEqualTo("/api/create");
        assertThat(new Route("/guide/sub/..", null, null).path()).isEqualTo("/guide/");
        assertThat(new Route("/guide/", null, null).path()).isEqualTo("/guide/");
        assertThat(new Route("/..", null, null).path()).isEqualTo("/");
        assertThat(new Route("/v1.2/.well-known", null, null).path()).isEqualTo("/v1.2/.well-known");
    }

    @Test
    void route_pathWithoutLeadingSlash_rejected() {
        assertThatThrownBy(() -> new Route("docs", null, null)).hasMessageContaining("'/'").hasMessageContaining("docs");
    }
}
