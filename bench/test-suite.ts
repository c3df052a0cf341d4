/**
 * 7. The README's test command as a newcomer runs it (docs/performance.md, test suite): a clean clone of the committed HEAD, `npm ci`, then
 * `npm test`, each timed from spawn to exit, with the CPU time (user + system) of all their processes and the load
 * average around them. One run: it takes over a minute and loads both cores, so a median of several would triple
 * the bench.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { QUICK, ROOT, fmt, log, run, table, type Section } from "./shared.js";

/** The target of docs/performance.md: `npm test` takes at most 90 s of wall time on the 2-core machine. */
const TARGET_MS = 90_000;

// The figures vitest prints at the end of a run.
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, "");
const lineOf = (output: string, label: string) =>
  new RegExp(`^\\s*${label}\\s+(.+)$`, "m").exec(plain(output))?.[1]?.trim() ?? "not printed";

/**
 * CPU seconds (user + system) of this process's children that have ended, and of all their descendants each waited
 * for (Linux: /proc/self/stat, in clock ticks of 1/100 s); undefined elsewhere. On a shared machine the wall time
 * follows the load, this much less.
 */
function childrenCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** `run` with the CPU seconds its process tree used (undefined where they cannot be read). */
async function runCounted(...args: Parameters<typeof run>) {
  const before = childrenCpuSeconds();
  const result = await run(...args);
  const after = childrenCpuSeconds();
  return { ...result, cpu: before === undefined || after === undefined ? undefined : after - before };
}

const cpuOf = (seconds: number | undefined) => (seconds === undefined ? "not measured" : `${fmt(seconds, 1)} s`);

export async function runTestSuite(): Promise<Section> {
  const title = "7. Test suite";
  if (QUICK)
    return {
      title,
      body: "Skipped with `--quick`: the section runs the whole test suite once and cannot be shortened.",
    };
  const dir = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-clone-"));
  try {
    const clone = await run("git", ["clone", "--quiet", ROOT, dir]);
    if (clone.code !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
    const quiet = {
      ...process.env,
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
    };
    log("test-suite: npm ci");
    const install = await runCounted("npm", ["ci"], { cwd: dir, env: quiet });
    if (install.code !== 0) throw new Error(`npm ci failed: ${install.stderr.slice(-500)}`);
    log("test-suite: npm test");
    const test = await runCounted("npm", ["test"], { cwd: dir, env: quiet });
    const output = `${test.stdout}\n${test.stderr}`;
    const cores = os.availableParallelism();
    const target =
      test.ms <= TARGET_MS
        ? "≤ 90 s: met"
        : `≤ 90 s: **missed**${test.cpu === undefined ? "" : ` (${cores} cores cannot run ${fmt(test.cpu, 0)} s of CPU in under ${fmt(test.cpu / cores, 0)} s)`}`;
    const body = [
      "Seconds of the README's set-up in a clean clone of HEAD, one run; CPU = user + system of every process started.",
      "",
      table(
        ["Command", "wall", "CPU", "target"],
        [
          ["`npm ci`", `${fmt(install.ms / 1000, 1)} s`, cpuOf(install.cpu), "—"],
          ["`npm test`", `${fmt(test.ms / 1000, 1)} s`, cpuOf(test.cpu), target],
        ],
      ),
      "",
      `\`npm test\`: exit ${test.code}; ${lineOf(output, "Tests")}.`,
    ].join("\n");
    return { title, body };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
