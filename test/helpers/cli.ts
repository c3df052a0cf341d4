import { spawn } from "node:child_process";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { CliCommand } from "../../runtime/cli/command.js";
import type { runValidateCommand as RunValidateCommand } from "../../runtime/cli/validate-inputs.js";
import { build } from "../../generator/launch.mjs";
import { ROOT } from "./fixtures.js";

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The development CLI (generate, diff) as `npm run generate` runs it: generator/launch.mjs, from its JavaScript build. */
export const GENERATOR_CLI = path.join(ROOT, "generator", "launch.mjs");

let runtimeBuildDir: Promise<string> | undefined;
/** The folder of the JavaScript build of runtime/ and generated/ (generator/launch.mjs), as `<build>/runtime/...`. */
export function runtimeBuild(): Promise<string> {
  runtimeBuildDir ??= build(["runtime", "generated"]);
  return runtimeBuildDir;
}

/** The shipped CLI (validate, ...) compiled from runtime/cli/main.ts with the generated modules it loads (no tsx start-up per run). */
export async function runtimeCli(): Promise<string> {
  return path.join(await runtimeBuild(), "runtime", "cli", "main.js");
}

/**
 * `runValidateCommand` from the JavaScript build of runtime/ (`runtimeBuild`), for the tests that run NDJSON worker
 * threads: the workers then load the compiled worker module, as the shipped CLI's do. From the TypeScript sources,
 * each worker thread would start tsx and compile its modules again (runtime/worker-entry.ts), several tenths of a
 * second of CPU per worker, most of those tests' time.
 */
export async function builtRunValidateCommand(): Promise<typeof RunValidateCommand> {
  const module = path.join(await runtimeBuild(), "runtime", "cli", "validate-inputs.js");
  return ((await import(pathToFileURL(module).href)) as { runValidateCommand: typeof RunValidateCommand })
    .runValidateCommand;
}

/** Runs a specfirst command: `generate` and `diff` by the generator's CLI, others by the shipped one. */
export async function runCli(args: string[], options: { input?: string; cwd?: string } = {}): Promise<CliResult> {
  const cli = args[0] === "generate" || args[0] === "diff" ? GENERATOR_CLI : await runtimeCli();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: options.cwd ?? ROOT,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    // A command that exits without reading its standard input (a usage error, say) closes the pipe: EPIPE is that,
    // and the exit code and output still say what the command did. Any other error of the pipe fails the run.
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") reject(error);
    });
    child.stdin.end(options.input ?? "");
  });
}

/**
 * Runs a shipped command in this process, as the CLI runs it but with its standard input (`input`, piped: not a
 * terminal) and output captured: what a spawned `runCli` checks, without starting a Node process each time.
 */
export async function runInProcess(
  command: CliCommand,
  args: string[],
  options: { input?: string } = {},
): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const stdin = Readable.from([Buffer.from(options.input ?? "")]);
  const code = await command.run(args, {
    stdin,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stderrIsTTY: false,
  });
  return { code, stdout, stderr };
}
