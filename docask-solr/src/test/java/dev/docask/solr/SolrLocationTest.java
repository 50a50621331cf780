package dev.docask.solr;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SolrLocationTest {
    @Test
    void parse_oneNode_givesItsBaseUrlAndTheCollection() {
        SolrLocation l = SolrLocation.parse("solr://localhost:8983/solr/docs");
        assertThat(l.nodes()).containsExactly("http://localhost:8983/solr");
        assertThat(l.collection()).isEqualTo("docs");
    }

    @Test
    void parse_severalNodes_givesEach_andUriRoundTrips() {
        SolrLocation l = SolrLocation.parse("solr://10.0.0.1:8983,10.0.0.2:8984/solr/docs");
        assertThat(l.nodes()).isEqualTo(List.of("http://10.0.0.1:8983/solr", "http://10.0.0.2:8984/solr"));
        assertThat(l.uri()).isEqualTo("solr://10.0.0.1:8983,10.0.0.2:8984/solr/docs");
    }

    @Test
    void parse_httpOrNoCollectionOrNoPort_refusedNamingTheInput() {
        for (String bad : List.of("http://localhost:8983/solr/docs", "solr://localhost:8983", "solr://localhost/solr/docs", "")) {
            assertThatThrownBy(() -> SolrLocation.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'");
        }
    }

    @Test
    void parse_zooKeeperWithChroot_givesHostsChrootAndCollection_andUriRoundTrips() {
        SolrLocation l = SolrLocation.parse("solr+zk://zk1:2181,zk2:2181/solr/docs");
        assertThat(l.throughZooKeeper()).isTrue();
        assertThat(l.zkHosts()).containsExactly("zk1:2181", "zk2:2181");
        assertThat(l.zkChroot()).contains("/solr");
        assertThat(l.nodes()).isEmpty();
        assertThat(l.collection()).isEqualTo("docs");
        assertThat(l.uri()).isEqualTo("solr+zk://zk1:2181,zk2:2181/solr/docs");
    }

    @Test
    void parse_zooKeeperWithoutChroot_hasNoChroot() {
        SolrLocation l = SolrLocation.parse("solr+zk://127.0.0.1:2181/docs");
        assertThat(l.zkChroot()).isEmpty();
        assertThat(l.collection()).isEqualTo("docs");
        assertThat(l.uri()).isEqualTo("solr+zk://127.0.0.1:2181/docs");
    }

    @Test
    void parse_zooKeeperWithoutCollectionOrPort_refusedNamingTheInput() {
        for (String bad : List.of("solr+zk://zk1:2181", "solr+zk://zk1/solr/docs")) {
            assertThatThrownBy(() -> SolrLocation.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(bad);
        }
    }

    @Test
    void parse_knnBeamOption_setsTheMultiple_andUriRoundTripsIt() {
        assertThat(SolrLocation.parse("solr://localhost:8983/solr/docs").knnBeam()).isEqualTo(SolrLocation.DEFAULT_KNN_BEAM);
        SolrLocation l = SolrLocation.parse("solr://localhost:8983/solr/docs?knnBeam=16");
        assertThat(l.knnBeam()).isEqualTo(16);
        assertThat(l.collection()).isEqualTo("docs");
        assertThat(l.uri()).isEqualTo("solr://localhost:8983/solr/docs?knnBeam=16");
        SolrLocation zk = SolrLocation.parse("solr+zk://zk1:2181/solr/docs?knnBeam=8");
        assertThat(zk.knnBeam()).isEqualTo(8);
        assertThat(zk.zkChroot()).contains("/solr");
        assertThat(SolrLocation.parse(zk.uri())).isEqualTo(zk);
    }

    @Test
    void parse_unknownOrOutOfRangeOption_refusedNamingItAndTheOneThereIs() {
        for (String bad : List.of("knnBeam=0", "knnBeam=65", "knnbeam=8", "topK=100", "")) {
            assertThatThrownBy(() -> SolrLocation.parse("solr://localhost:8983/solr/docs?" + bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'").hasMessageContaining("knnBeam=N with N from 1 to 64");
        }
        assertThatThrownBy(() -> SolrLocation.parse("solr://localhost:8983/solr/docs?knnBeam=8&x=1"))
                .as("the wrong option alone is named").hasMessageStartingWith("'x=1' in '");
    }
}
