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
};

/** Commands of the development tool: they need the specfirst repository and its development dependencies. */
const DEVELOPMENT_COMMANDS = new Set(["generate", "diff"]);

const INTRO = "specfirst — schema-first contracts for the messaging and pipeline configuration APIs\n\n";

async function fullHelp(): Promise<string> {
  const commands = await Promise.all(Object.values(COMMANDS).map((load) => load()));
  return `${INTRO}${commands.map((command) => command.usage).join("\n")}
  specfirst generate | diff
      Development commands: run them in the specfirst repository after \`npm ci\` (\`npm run generate\`,
      \`npx tsx generator/commands/cli.ts diff <ref>\`); the published package does not contain the generator.
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
    io.stderr(`specfirst ${name} is a development command: run it in the specfirst repository after \`npm ci\` (npm run ${name === "generate" ? "generate" : "generate -- ... / npx tsx generator/commands/cli.ts diff"}); the published package does not contain the generator\n`);
    return EXIT_USAGE;
  }
  const load = name === undefined ? undefined : COMMANDS[name];
  if (load === undefined) {
    io.stderr(await fullHelp());
    return EXIT_USAGE;
  }
  return (await load()).run(rest, io);
}

process.exitCode = await main(process.argv.slice(2));
