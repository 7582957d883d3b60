package io.lcjwt.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/** {@code lcjwt inspect}: being written (issue #18). */
@Command(name = "inspect", mixinStandardHelpOptions = true, description = "Not yet available.")
final class InspectCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        throw new CliException(Main.USAGE, "lcjwt inspect is not available yet.");
    }
}
