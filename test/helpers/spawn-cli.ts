import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { GENERATOR_CLI } from "./cli.js";
import { ROOT } from "./fixtures.js";

/** A running CLI process whose output can be awaited line by line. */
export interface LiveCli {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout has printed `text` `count` times in all. */
  waitFor(text: string, count?: number, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Starts the development CLI as `npm run generate` does (generator/launch.mjs). With `group`, in a process group of
 * its own, so that `process.kill(-child.pid, signal)` also ends the processes it started (Redocly).
 */
export function startCli(args: string[], options: { group?: boolean } = {}): LiveCli {
  const child = spawn(process.execPath, [GENERATOR_CLI, ...args], { cwd: ROOT, detached: options.group ?? false });
  let out = "";
  let err = "";
  const waiters = new Set<() => void>();
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    for (const wake of waiters) wake();
  });
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(text, count = 1, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (out.split(text).length - 1 >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for "${text}" x${count}; stdout:\n${out}\nstderr:\n${err}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
