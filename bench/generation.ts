/**
 * Section 3 — generation as a user runs it: `npm run generate -- --force --root <copy>` on a temporary copy of the
 * project's inputs, from spawning npm to its exit: a full run (outputs and cache deleted first), a run after one
 * description edit of schemas/configs/batching.schema.json, a no-change run and `--check`; then in watch mode, the
 * time from a save to the outputs rewritten on disk. Targets: docs/performance.md#targets.
 */
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { QUICK, ROOT, fmt, log, median, run, table, type Section } from "./shared.js";

const RUNS = QUICK ? 1 : 3;
const COPIED = ["schemas", "templates", "openapi", "generated", "package.json", "CHANGELOG.md"];
const EDITED = path.join("schemas", "configs", "batching.schema.json");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Schema = { description: string; properties: Record<string, unknown> };

/** Polls until every file differs from `before`; resolves with the time it happened. */
async function changed(before: Map<string, string>): Promise<number> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    const now = await Promise.all([...before].map(([file, text]) => readFile(file, "utf8").catch(() => text)));
    if (now.every((text, i) => text !== [...before.values()][i])) return performance.now();
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${[...before.keys()].join(", ")}`);
    await sleep(5);
  }
}

export async function runGeneration(): Promise<Section> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-generate-"));
  const file = path.join(tmp, EDITED);
  const rows: string[][] = [];
  /** RUNS runs of `once`, each giving its ms: a row with the median against the target (ms). */
  const timed = async (label: string, targetMs: number | undefined, once: (i: number) => Promise<number>) => {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) ms.push(await once(i));
    const m = median(ms);
    const target = targetMs === undefined ? "—" : `≤ ${targetMs / 1000} s: ${m <= targetMs ? "met" : "**missed**"}`;
    rows.push([label, `${fmt(m / 1000, 2)} s`, target]);
    log(`generation: ${label}`);
  };
  const generate = async (...args: string[]) => {
    const result = await run("npm", ["run", "--silent", "generate", "--", ...args, "--quiet", "--root", tmp]);
    if (result.code !== 0)
      throw new Error(`generate ${args.join(" ")}: exit ${result.code}: ${result.stderr.slice(0, 300)}`);
    return result.ms;
  };
  const npm: number[] = []; // npm starting a script that does nothing
  for (let i = 0; i < RUNS; i++) npm.push((await run("npm", ["run", "--silent", "env"])).ms);
  try {
    for (const entry of COPIED) await cp(path.join(ROOT, entry), path.join(tmp, entry), { recursive: true });
    const schema = JSON.parse(await readFile(file, "utf8")) as Schema;
    const save = (next: Schema) => writeFile(file, `${JSON.stringify(next, null, 2)}\n`);
    const described = (edit: string) => ({ ...schema, description: `${schema.description} (${edit})` });
    await timed("full run (no cache)", 6000, async () => {
      for (const dir of ["generated", "node_modules"]) await rm(path.join(tmp, dir), { recursive: true, force: true });
      return generate("--force");
    });
    await timed("one description edit", 2500, async (i) => {
      await save(described(`bench edit ${i}`));
      return generate("--force");
    });
    await timed("no-change run", 1000, () => generate("--force"));
    await timed("`--check`", undefined, () => generate("--check"));

    // Watch mode, launched as `npm run generate` launches it: from a save to the named outputs rewritten on disk (the
    // 150 ms debounce included); each save waits for the run before it to end, docs included.
    const launch = [path.join(ROOT, "generator", "launch.mjs"), "generate", "--watch", "--quiet", "--root", tmp];
    const watcher = spawn(process.execPath, launch, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise((resolve) => watcher.once("exit", resolve));
    let out = "";
    for (const stream of [watcher.stdout, watcher.stderr])
      stream.setEncoding("utf8").on("data", (d: string) => (out += d));
    const runsEnded = () => out.split("watching").length;
    try {
      while (runsEnded() === 1) {
        if (watcher.exitCode !== null) throw new Error(`watch mode exited: ${out}`);
        await sleep(20);
      }
      const watched = (label: string, outputs: string[], next: (i: number) => Schema) =>
        timed(label, 1000, async (i) => {
          const files = outputs.map((name) => path.join(tmp, "generated", name));
          const before = new Map(await Promise.all(files.map(async (f) => [f, await readFile(f, "utf8")] as const)));
          const ended = runsEnded();
          await save(next(i));
          const saved = performance.now();
          const ms = (await changed(before)) - saved;
          for (const settle = performance.now() + 60_000; runsEnded() === ended && performance.now() < settle;)
            await sleep(20);
          return ms;
        });
      await watched("watch: description edit, until types.ts is rewritten", ["configs/types.ts"], (i) =>
        described(`watch edit ${i}`),
      );
      await watched(
        "watch: rule edit, until types.ts and the validators are rewritten",
        ["configs/types.ts", "configs/validators.compiled.ts"],
        (i) => ({ ...schema, properties: { ...schema.properties, [`bench_field_${i}`]: { type: "integer" } } }),
      );
    } finally {
      watcher.kill();
      await exited;
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  const body = [
    `Seconds of \`npm run generate\` from spawning npm to its exit, median of ${RUNS} runs (npm starting a script that does nothing: ${fmt(median(npm) / 1000, 2)} s); watch rows from the save.`,
    "",
    table(["Run", "median", "target"], rows, "lrl"),
  ].join("\n");
  return { title: "3. Generation", body };
}
