package io.lcjwt.cli;

import io.lcjwt.Disclosure;
import io.lcjwt.SdJwt;
import io.lcjwt.Unverified;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcjwt sd-jwt inspect SDJWT|-}: every disclosure decoded, clearly labelled as not verified. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Show an SD-JWT or presentation WITHOUT verifying it: the Issuer-signed JWT's header, the claims"
                + " with every disclosure it carries applied, each disclosure decoded (path, value, digest), and the"
                + " Key Binding JWT if there is one.",
                "The first line of the output says nothing is verified. Use 'lcjwt sd-jwt verify' before trusting it."})
final class SdJwtInspectCommand implements Callable<Integer> {
    static final String FIRST_LINE = "UNVERIFIED: no signature checked; anyone could have written this SD-JWT.";

    @ParentCommand
    SdJwtCommand parent;

    @Parameters(paramLabel = "SDJWT", description = "An SD-JWT or SD-JWT+KB (compact or JSON), or - for standard input.")
    String sdJwt;

    @Override
    public Integer call() throws Exception {
        Main main = parent.main;
        SdJwt s = Unverified.sdJwt(Inputs.tokenArg(sdJwt, main.in));
        List<Map<String, Object>> disclosures = new ArrayList<>();
        for (Disclosure d : s.disclosures()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("path", d.path());
            m.put("value", d.value());
            m.put("digest", d.digest());
            m.put("encoded", d.encoded());
            disclosures.add(m);
        }
        String kb = s.keyBindingJwt();
        Instant now = Instant.now();
        if (main.json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("verified", false);
            m.put("header", s.header().parameters());
            m.put("claims", s.claims());
            m.put("hashAlgorithm", s.hashAlgorithm());
            m.put("disclosures", disclosures);
            if (kb != null) {
                m.put("keyBindingJwt", Map.of("header", Unverified.header(kb).parameters(), "claims", Unverified.claims(kb)));
            }
            m.put("times", ClaimsView.times(s.claims(), now));
            Json.print(main.out, m);
            return Main.OK;
        }
        PrintStream out = main.out;
        out.println(FIRST_LINE);
        ClaimsView.print(out, s.header().parameters(), s.claims(), now);
        out.println("Disclosures (" + disclosures.size() + ", " + s.hashAlgorithm() + "):");
        for (Disclosure d : s.disclosures()) {
            out.println("  " + d.path() + " = " + Json.compact(d.value()) + "   (digest " + d.digest() + ")");
        }
        if (kb != null) {
            out.println("Key Binding JWT (not checked):");
            ClaimsView.print(out, Unverified.header(kb).parameters(), Unverified.claims(kb), now);
        }
        return Main.OK;
    }
}
