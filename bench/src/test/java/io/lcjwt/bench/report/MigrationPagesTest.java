package io.lcjwt.bench.report;

import com.auth0.jwt.JWT;
import com.nimbusds.jose.JWSAlgorithm;
import io.jsonwebtoken.Jwts;
import io.lcjwt.bench.race.LibraryVersion;
import io.lcjwt.testkit.ApiNames;
import io.lcjwt.testkit.DocTables;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The migration pages set each peer's calls beside lcjwt's. Here, with the peers' own jars on the
 * class path (the ones the benchmarks race), every class, method and constant a page names in the
 * peer's column must exist, the page must name the version the benchmarks use, and its figures
 * must be what the race pages say. The lcjwt side is held by the docs harness and
 * {@code DocsApiNamesTest} in core.
 */
class MigrationPagesTest {
    private static final Path ROOT = Path.of("..");

    /**
     * auth0's JWKS client is the separate jwks-rsa library, which no benchmark uses, so its names
     * (checked by hand against its README) are taken as known here.
     */
    private static final Set<String> JWKS_RSA = Set.of("JwkProviderBuilder", "cached", "rateLimited", "get", "getPublicKey",
            "SigningKeyNotFoundException", "NetworkException");

    /**
     * One peer: its page, the start of its column's header, the names of its jar, its version as
     * the benchmarks run it, and how the page's figures call it and the race pages list it.
     */
    record Peer(String page, String column, ApiNames api, Set<String> alsoKnown, String version, String prose,
            String raceRow) {
        @Override
        public String toString() {
            return page;
        }
    }

    static Stream<Peer> peers() {
        String jjwt = LibraryVersion.of("io.jsonwebtoken", "jjwt-api", Jwts.class);
        String nimbus = LibraryVersion.of("com.nimbusds", "nimbus-jose-jwt", JWSAlgorithm.class);
        String auth0 = LibraryVersion.of("com.auth0", "java-jwt", JWT.class);
        return Stream.of(
                new Peer("migrating-from-jjwt.md", "jjwt ", ApiNames.ofPackages(Jwts.class, "io.jsonwebtoken."),
                        Set.of(), jjwt, "jjwt " + jjwt, "jjwt " + jjwt),
                new Peer("migrating-from-nimbus.md", "nimbus-jose-jwt ", ApiNames.ofPackages(JWSAlgorithm.class, "com.nimbusds."),
                        Set.of(), nimbus, "nimbus " + nimbus, "nimbus " + nimbus),
                new Peer("migrating-from-auth0.md", "auth0 java-jwt ", ApiNames.ofPackages(JWT.class, "com.auth0.jwt."),
                        JWKS_RSA, auth0, "java-jwt " + auth0, "auth0 " + auth0));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String page(Peer peer) {
        return read(ROOT.resolve("docs").resolve(peer.page()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("peers")
    void thePeersColumnNamesItsRealApi(Peer peer) {
        List<DocTables.Span> spans = DocTables.column(ROOT.resolve("docs").resolve(peer.page()),
                h -> h.startsWith(peer.column()));
        List<String> problems = new ArrayList<>();
        for (DocTables.Span s : spans) {
            problems.addAll(peer.api().unknown(s.code(), peer.alsoKnown()));
        }
        assertTrue(spans.size() > 40, peer.page() + ": read " + spans.size() + " spans of the peer's column");
        assertEquals(List.of(), problems, peer.page());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("peers")
    void everyPeerColumnNamesTheVersionTheBenchmarksUse(Peer peer) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\| " + java.util.regex.Pattern.quote(peer.column())
                + "(\\d+(?:\\.\\d+)*)").matcher(page(peer));
        int headers = 0;
        while (m.find()) {
            headers++;
            String v = m.group(1);
            assertTrue(peer.version().equals(v) || peer.version().startsWith(v + "."),
                    peer.page() + " names " + peer.column() + v + ", the benchmarks use " + peer.version());
        }
        assertTrue(headers >= 5, peer.page() + ": " + headers + " columns name the peer's version");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("peers")
    void theFiguresAreTheRacePagesOwn(Peer peer) {
        String[] pages = {"results-race.md", "results-race-rs256.md", "results-race-es256.md"};
        String[] sections = {"## HS256 race", "## RS256 race", "## ES256 race"};
        String[] theirs = new String[3];
        String[] awsLc = new String[3];
        String[] openSsl = new String[3];
        for (int i = 0; i < 3; i++) {
            List<Map<String, String>> race = DocTables.table(read(ROOT.resolve("bench").resolve(pages[i])), sections[i]);
            theirs[i] = median(race, peer.raceRow());
            awsLc[i] = median(race, "lcjwt-record (aws-lc)");
            openSsl[i] = median(race, "lcjwt-record (OpenSSL 3)");
        }
        String expected = peer.prose() + " took " + theirs[0] + " µs for an HS256 token, " + theirs[1] + " µs for RS256 and "
                + theirs[2] + " µs for ES256; lcjwt took " + awsLc[0] + ", " + awsLc[1] + " and " + awsLc[2]
                + " µs on aws-lc, and " + openSsl[0] + ", " + openSsl[1] + " and " + openSsl[2] + " µs on OpenSSL 3.";
        assertTrue(oneLine(page(peer)).contains(expected),
                peer.page() + "'s figures differ from the race pages; its \"What it costs\" should read: " + expected);
    }

    @org.junit.jupiter.api.Test
    void theNimbusPagesJwkFiguresAreTheJwkPagesOwn() {
        List<Map<String, String>> jwk = DocTables.table(read(ROOT.resolve("bench/results-jwk.md")), "## JMH on aws-lc");
        String expected = median(jwk, "JwkBench.lcjwtParse {kty=OKP}", "µs/op") + " µs a key against Nimbus's "
                + median(jwk, "JwkBench.nimbusParse {kty=OKP}", "µs/op") + " µs on aws-lc";
        assertTrue(oneLine(read(ROOT.resolve("docs/migrating-from-nimbus.md"))).contains(expected), expected);
    }

    private static String median(List<Map<String, String>> table, String first) {
        return median(table, first, "µs per decode (median)");
    }

    private static String median(List<Map<String, String>> table, String first, String column) {
        for (Map<String, String> row : table) {
            if (row.values().iterator().next().equals(first)) {
                String cell = row.get(column);
                // The docs group thousands, as prose does: 1178 is written 1,178.
                return cell.matches("\\d{4,}") ? String.format(java.util.Locale.ROOT, "%,d", Long.parseLong(cell)) : cell;
            }
        }
        throw new IllegalStateException("no row \"" + first + "\" in " + table);
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s+", " ");
    }
}
