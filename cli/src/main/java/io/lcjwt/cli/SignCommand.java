package io.lcjwt.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code lcjwt sign}: being written (issue #18). */
@Command(name = "sign", mixinStandardHelpOptions = true, description = "Not yet available.")
final class SignCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        throw new CliException(Main.USAGE, "lcjwt sign is not available yet.");
    }
}
