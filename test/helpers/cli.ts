import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./fixtures.js";

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The shipped CLI (validate, ...) and the development CLI (generate, diff), from their TypeScript source. */
export const RUNTIME_CLI = path.join(ROOT, "runtime", "cli", "main.ts");
export const GENERATOR_CLI = path.join(ROOT, "generator", "commands", "cli.ts");

/** Runs a specfirst command from its TypeScript source: `generate` and `diff` by the generator's CLI, others by the shipped one. */
export function runCli(args: string[], options: { input?: string; cwd?: string } = {}): Promise<CliResult> {
  const cli = args[0] === "generate" || args[0] === "diff" ? GENERATOR_CLI : RUNTIME_CLI;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, ...args], {
      cwd: options.cwd ?? ROOT,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}
