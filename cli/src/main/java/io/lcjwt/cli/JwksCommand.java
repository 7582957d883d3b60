package io.lcjwt.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code lcjwt jwks}: being written (issue #18). */
@Command(name = "jwks", mixinStandardHelpOptions = true, description = "Not yet available.")
final class JwksCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        throw new CliException(Main.USAGE, "lcjwt jwks is not available yet.");
    }
}
