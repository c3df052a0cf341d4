import type { Readable } from "node:stream";

/** What a command reads and writes: the process's streams when run as the CLI, others when run in a program or test. */
export interface CliIo {
  stdin: Readable & { isTTY?: boolean };
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether standard error is a terminal (a progress bar is drawn only there). */
  stderrIsTTY: boolean;
}

let stdoutClosedHandled = false;

/** The process's own streams. */
export function processIo(): CliIo {
  if (!stdoutClosedHandled) {
    stdoutClosedHandled = true;
    // The reader of standard output went away (`specfirst validate ... | head`): stop at once and quietly, as a
    // command stopped by a closed pipe does, with a failure code rather than a stack trace.
    process.stdout.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      process.exit(EXIT_BROKEN_PIPE);
    });
  }
  return {
    stdin: process.stdin,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

/** One subcommand of the shipped `specfirst` CLI (runtime/cli/main.ts lists them). */
export interface CliCommand {
  name: string;
  /** Its part of `specfirst --help`: usage lines and options. */
  usage: string;
  /** Runs with the arguments after the command name; resolves with the exit code. */
  run(args: string[], io?: CliIo): Promise<number>;
}

/** Exit codes shared by every command: 0 success, 1 invalid input or findings, 2 usage error or unreadable input. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/** Standard output's reader closed it before the command finished: 128 + SIGPIPE, what a shell reports for a command a
 * closed pipe stopped (`yes | head`). */
export const EXIT_BROKEN_PIPE = 141;
