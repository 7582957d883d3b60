package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The proofs, access token and thumbprint printed in RFC 9449, verified at the instants they were made. */
class Rfc9449VectorsTest {
    /** Figure 3 (section 5): the proof of a token request. */
    static final String TOKEN_REQUEST_PROOF = "eyJ0eXAiOiJkcG9wK2p3dCIsImFsZyI6IkVTMjU2IiwiandrIjp7Imt0eSI6IkVDIiwieCI6Imw4"
            + "dEZyaHgtMzR0VjNoUklDUkRZOXpDa0RscEJoRjQyVVFVZldWQVdCRnMiLCJ5IjoiOVZFNGpmX09rX282NHpiVFRsY3VOSmFqSG10NnY5"
            + "VERWclUwQ2R2R1JEQSIsImNydiI6IlAtMjU2In19.eyJqdGkiOiItQndDM0VTYzZhY2MybFRjIiwiaHRtIjoiUE9TVCIsImh0dSI6Imh0"
            + "dHBzOi8vc2VydmVyLmV4YW1wbGUuY29tL3Rva2VuIiwiaWF0IjoxNTYyMjYyNjE2fQ.2-GxA6T8lP4vfrg8v-FdWP0A0zdrj8igiMLvqR"
            + "MUvwnQg4PtFLbdLXiOSsX0x7NVY-FNyJK70nfbV37xRZT3Lg";
    /** Figure 13 (section 7.1): the proof of a request to a protected resource, with its access token. */
    static final String RESOURCE_PROOF = "eyJ0eXAiOiJkcG9wK2p3dCIsImFsZyI6IkVTMjU2IiwiandrIjp7Imt0eSI6IkVDIiwieCI6Imw4dEZy"
            + "aHgtMzR0VjNoUklDUkRZOXpDa0RscEJoRjQyVVFVZldWQVdCRnMiLCJ5IjoiOVZFNGpmX09rX282NHpiVFRsY3VOSmFqSG10NnY5VERW"
            + "clUwQ2R2R1JEQSIsImNydiI6IlAtMjU2In19.eyJqdGkiOiJlMWozVl9iS2ljOC1MQUVCIiwiaHRtIjoiR0VUIiwiaHR1IjoiaHR0cHM6"
            + "Ly9yZXNvdXJjZS5leGFtcGxlLm9yZy9wcm90ZWN0ZWRyZXNvdXJjZSIsImlhdCI6MTU2MjI2MjYxOCwiYXRoIjoiZlVIeU8ycjJaM0Ra"
            + "NTNFc05yV0JiMHhXWG9hTnk1OUlpS0NBcWtzbVFFbyJ9.2oW9RP35yRqzhrtNP86L-Ey71EOptxRimPPToA1plemAgR6pxHF8y6-yqyVnm"
            + "cw6Fy1dqd-jfxSYoMxhAJpLjA";
    static final String ACCESS_TOKEN = "Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU";
    /** Figure 7 (section 6.1): the key's RFC 7638 thumbprint, the token's cnf.jkt. */
    static final String JKT = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I";

    static DpopVerifier at(long epochSecond) {
        return DpopVerifier.builder().algorithms(Algorithm.ES256)
                .clock(Clock.fixed(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC)).build();
    }

    @Test
    void figure3_theTokenRequestProofVerifiesAndItsThumbprintIsFigure7s() {
        VerifiedDpopProof p = at(1562262616).verify(List.of(TOKEN_REQUEST_PROOF), "POST",
                URI.create("https://server.example.com/token"));
        assertEquals(JKT, p.thumbprint());
        assertEquals("-BwC3ESc6acc2lTc", p.claims().get("jti"));
    }

    @Test
    void figure13_theResourceProofVerifiesWithItsAccessTokenAndJkt() {
        VerifiedDpopProof p = at(1562262618).verify(List.of(RESOURCE_PROOF), "GET",
                URI.create("https://resource.example.org/protectedresource"), ACCESS_TOKEN, JKT);
        assertEquals("e1j3V_bKic8-LAEB", p.claims().get("jti"));
    }

    @Test
    void figure13_withAnotherAccessTokenTheAthNoLongerMatches() {
        DpopException e = assertThrows(DpopException.class, () -> at(1562262618).verify(List.of(RESOURCE_PROOF), "GET",
                URI.create("https://resource.example.org/protectedresource"), ACCESS_TOKEN + "x", JKT));
        assertEquals(DpopException.INVALID_DPOP_PROOF, e.errorCode());
    }

    @Test
    void figure3_anHourLaterTheProofIsStale() {
        assertThrows(DpopException.class, () -> at(1562262616 + 3600).verify(List.of(TOKEN_REQUEST_PROOF), "POST",
                URI.create("https://server.example.com/token")));
    }
}
