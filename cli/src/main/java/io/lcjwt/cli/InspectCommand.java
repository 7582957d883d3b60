package io.lcjwt.cli;

import io.lcjwt.Unverified;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcjwt inspect TOKEN|-}: what a token says, clearly labelled as not verified. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Show a token's header and claims WITHOUT verifying it; NumericDates (exp, nbf, iat,"
                + " auth_time) are also shown as ISO times with a hint such as \"expired 3 h ago\".",
                "The first line of the output says the token is not verified: anyone could have written it."
                + " Use 'lcjwt verify' before trusting anything in it."})
final class InspectCommand implements Callable<Integer> {
    static final String FIRST_LINE = "UNVERIFIED: signature not checked; anyone could have written this token.";

    @ParentCommand
    Main main;

    @Parameters(paramLabel = "TOKEN", description = "A compact JWS, or - to read it from standard input.")
    String token;

    @Override
    public Integer call() throws Exception {
        String t = Inputs.tokenArg(token, main.in);
        Map<String, Object> header = Unverified.header(t).parameters();
        Map<String, Object> claims = Unverified.claims(t);
        Instant now = Instant.now();
        if (main.json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("verified", false);
            m.put("header", header);
            m.put("claims", claims);
            m.put("times", ClaimsView.times(claims, now));
            Json.print(main.out, m);
        } else {
            main.out.println(FIRST_LINE);
            ClaimsView.print(main.out, header, claims, now);
        }
        return Main.OK;
    }
}
