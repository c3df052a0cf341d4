/** One subcommand of the shipped `specfirst` CLI (runtime/cli/main.ts lists them). */
export interface CliCommand {
  name: string;
  /** Its part of `specfirst --help`: usage lines and options. */
  usage: string;
  /** Runs with the arguments after the command name; resolves with the exit code. */
  run(args: string[]): Promise<number>;
}

/** Exit codes shared by every command: 0 success, 1 invalid input or findings, 2 usage error or unreadable input. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
