package io.lcjwt.cli;

/** A failure the command reports as one line with its own exit code. */
class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int exitCode;

    CliException(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    CliException(int exitCode, String message, Throwable cause) {
        super(message, cause, false, false);
        this.exitCode = exitCode;
    }

    /** A file or stream that could not be read, with its name in the message. */
    static final class Io extends java.io.IOException {
        private static final long serialVersionUID = 1L;

        Io(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
