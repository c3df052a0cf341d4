#!/usr/bin/env node
import { EXIT_USAGE, processIo, type CliCommand } from "./command.js";

/**
 * The shipped CLI. Each command lives in runtime/cli/commands/<name>.ts and is loaded only when run, so
 * `specfirst validate` never loads the code of the others.
 */
const COMMANDS: Record<string, () => Promise<CliCommand>> = {
  validate: async () => (await import("./commands/validate.js")).validateCommand,
  proxy: async () => (await import("./commands/proxy.js")).proxyCommand,
  sandbox: async () => (await import("./commands/sandbox.js")).sandboxCommand,
  verify: async () => (await import("./commands/verify.js")).verifyCommand,
};

/**
 * Commands of the development tool (generator/commands/cli.ts): in the specfirst repository, bin/specfirst.js runs
 * them there (generator/launch.mjs); the published package holds no generator, so this CLI only refuses them.
 */
const DEVELOPMENT_COMMANDS = new Set(["generate", "diff", "release", "api-report"]);

const INTRO = "specfirst — schema-first contracts for the messaging and pipeline configuration APIs\n\n";

async function fullHelp(): Promise<string> {
  const commands = await Promise.all(Object.values(COMMANDS).map((load) => load()));
  return `${INTRO}${commands.map((command) => command.usage).join("\n")}
  specfirst generate | diff | release | api-report
      Development commands of the specfirst repository (there: npx specfirst <command> --help); the published
      package does not contain them.
  specfirst <command> --help
  specfirst --help
`;
}

export async function main(argv: string[]): Promise<number> {
  const io = processIo();
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    io.stdout(await fullHelp());
    return 0;
  }
  if (name !== undefined && DEVELOPMENT_COMMANDS.has(name)) {
    io.stderr(
      `specfirst ${name} is a development command of the specfirst repository; this installed package does not contain it\n`,
    );
    return EXIT_USAGE;
  }
  const load = name === undefined ? undefined : COMMANDS[name];
  if (load === undefined) {
    io.stderr(name === undefined ? await fullHelp() : `specfirst: unknown command '${name}' (see specfirst --help)\n`);
    return EXIT_USAGE;
  }
  return (await load()).run(rest, io);
}

process.exitCode = await main(process.argv.slice(2));
