package io.lcjwt.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code lcjwt sd-jwt}: selective disclosure (RFC 9901), one class per subcommand. */
@Command(name = "sd-jwt", mixinStandardHelpOptions = true,
        description = {"Selective disclosure JWTs (RFC 9901): issue an SD-JWT, present some of its claims with"
                + " key binding, verify a presentation, or inspect one without verifying it."},
        subcommands = {SdJwtIssueCommand.class, SdJwtPresentCommand.class, SdJwtVerifyCommand.class,
                SdJwtInspectCommand.class})
final class SdJwtCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Spec
    CommandSpec spec;

    /** How an SD-JWT or presentation is written: compact ({@code ~}-separated) or a JWS JSON serialization. */
    enum Format { compact, flattened, general }

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Name what to do: lcjwt sd-jwt issue | present | verify | inspect.");
    }
}
