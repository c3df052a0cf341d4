/**
 * Section 7 — the README's set-up as a newcomer runs it: a clean clone of the committed HEAD, `npm ci`, then
 * `npm test`, each timed from spawn to exit, with the CPU time of all their processes (on a shared machine the wall
 * time follows the load, the CPU time much less). One run: it loads both cores for minutes.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { QUICK, ROOT, cpuSeconds, fmt, log, run, table, type Section } from "./shared.js";

/** docs/performance.md#targets: `npm test` within 90 s of wall time on the 2-core machine. */
const TARGET_S = 90;

/** `run`, with the CPU seconds (user + system) of the processes it started. */
async function timed(...args: Parameters<typeof run>) {
  const before = cpuSeconds()?.children ?? Number.NaN;
  const result = await run(...args);
  return { ...result, cpu: (cpuSeconds()?.children ?? Number.NaN) - before };
}

export async function runTestSuite(): Promise<Section> {
  const title = "7. Test suite";
  if (QUICK) return { title, ratios: "Skipped with `--quick`: the section runs the whole test suite once." };
  const dir = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-clone-"));
  try {
    const clone = await run("git", ["clone", "--quiet", ROOT, dir]);
    if (clone.code !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
    const env = {
      ...process.env,
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
    };
    log("test-suite: npm ci");
    const install = await timed("npm", ["ci"], { cwd: dir, env });
    if (install.code !== 0) throw new Error(`npm ci failed: ${install.stderr.slice(-500)}`);
    log("test-suite: npm test");
    const test = await timed("npm", ["test"], { cwd: dir, env });
    const cores = os.availableParallelism();
    const target =
      test.ms <= TARGET_S * 1000
        ? `≤ ${TARGET_S} s: met`
        : `≤ ${TARGET_S} s: **missed** (${cores} cores cannot run ${fmt(test.cpu, 0)} s of CPU in under ${fmt(test.cpu / cores, 0)} s)`;
    const rows = [["`npm ci`", install, "—"] as const, ["`npm test`", test, target] as const].map(
      ([command, { ms, cpu }, verdict]) => [command, `${fmt(ms / 1000, 1)} s`, `${fmt(cpu, 1)} s`, verdict],
    );
    const body = [
      `Seconds of the README's set-up in a clean clone; CPU = user + system of every process started. \`npm test\` exited ${test.code}.`,
      "",
      table(["Command", "wall", "CPU", "target"], rows, "lrrl"),
    ].join("\n");
    return { title, body };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
