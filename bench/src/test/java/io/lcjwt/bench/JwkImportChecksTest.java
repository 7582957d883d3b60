package io.lcjwt.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JWK page's table of what each library refuses: lcjwt (JWK and PEM) refuses every bad key,
 * and the table is not one-sided (some peer accepts some key), so a probe that refused everything
 * for an unrelated reason would show.
 */
class JwkImportChecksTest {

    @Test
    void lcjwtRefusesEveryBadKeyAndThePeersDoNotAll() throws Exception {
        String table = JwkImportChecks.table();
        List<String> rows = table.lines().skip(2).toList();
        assertEquals(JwkImportChecks.badJwks().size(), rows.size(), table);
        boolean someAccepted = false;
        for (String row : rows) {
            String[] cells = row.split("\\|");
            // cells: "", bad key, lcjwt, Nimbus, jose4j, jjwt, lcjwt PEM, JDK KeyFactory
            assertEquals("**refused**", cells[2].trim(), row);
            assertEquals("**refused**", cells[6].trim(), row);
            someAccepted |= row.contains("accepted");
        }
        assertTrue(someAccepted, table);
        assertTrue(rows.get(0).startsWith("| P-256 point off the curve | **refused** | **refused** |"),
                "Nimbus checks EC points: " + rows.get(0));
    }
}
