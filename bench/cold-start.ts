/**
 * Section 2 — cold start: what the first validation costs a fresh `node` process over an empty one, for the
 * aggregate `specfirst/validators` and one API's validators alone (`specfirst/<api>/validators`), imported by the
 * package's name as a consumer does (bench/cold/generated.mjs). The targets (docs/performance.md#targets) are
 * counted in instructions by callgrind, which the host's speed and load do not move; the milliseconds, the import
 * and the first validation timed inside the process, are information. AJV compiling the Config tree at run time
 * (bench/cold/runtime.mjs) is the comparison.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AJV_OPTIONS } from "../generator/emit/validators/ajv-options.js";
import { BENCH_DIR, QUICK, fmt, log, median, run, table, type Section } from "./shared.js";

const LAUNCHES = QUICK ? 3 : 31;

interface Case {
  label: string;
  args: string[];
  /** Millions of instructions over an empty process (docs/performance.md#targets); none: not a target. */
  targetM?: number;
}

const payload = (name: string) => path.join(BENCH_DIR, "payloads", `${name}.json`);
const script = (name: string) => path.join(BENCH_DIR, "cold", name);
const generated = (schema: string, file: string, entry: string) => [
  script("generated.mjs"),
  schema,
  payload(file),
  entry,
];

const BASELINE: Case = { label: "empty Node process", args: [script("baseline.mjs")] };
const CASES: Case[] = [
  {
    label: "an empty module imported by a package name (Node's own part of any import)",
    args: generated("message", "message-text", "empty-package/validators"),
  },
  {
    label: "`specfirst/validators` (every API), text message",
    args: generated("message", "message-text", "specfirst/validators"),
    targetM: 75,
  },
  {
    label: "`specfirst/validators` (every API), large Config",
    args: generated("config", "config-large", "specfirst/validators"),
    targetM: 75,
  },
  {
    label: "`specfirst/messaging/validators`, text message",
    args: generated("message", "message-text", "specfirst/messaging/validators"),
    targetM: 38,
  },
  {
    label: "`specfirst/configs/validators`, large Config",
    args: generated("config", "config-large", "specfirst/configs/validators"),
    targetM: 38,
  },
  {
    label: "AJV compiling the Config tree at run time, large Config",
    args: [script("runtime.mjs"), "configs", "config", payload("config-large"), JSON.stringify(AJV_OPTIONS)],
  },
];

/**
 * Instructions of a launch's main thread (callgrind, `node --predictable`, PATH the only environment variable): the
 * same count on every run to within a few thousand. Undefined when valgrind is not installed.
 */
async function instructions(args: string[]): Promise<number | undefined> {
  if (spawnSync("valgrind", ["--version"]).status !== 0) return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-callgrind-"));
  try {
    const out = path.join(dir, "callgrind.out");
    const valgrind = ["--tool=callgrind", "--separate-threads=yes", `--callgrind-out-file=${out}`];
    const result = await run("valgrind", [...valgrind, process.execPath, "--predictable", ...args], {
      env: { PATH: process.env.PATH },
    });
    if (result.code !== 0) throw new Error(`callgrind of ${args.join(" ")} exited ${result.code}`);
    const summary = /^summary: (\d+)$/m.exec(await readFile(`${out}-01`, "utf8"));
    return summary === null ? undefined : Number(summary[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Median ms over the launches: from the process start to the result, and (generated cases) import + validation inside it. */
async function milliseconds(): Promise<Map<Case, { ms: number; firstMs?: number }>> {
  const launches = new Map<Case, { ms: number[]; firstMs: number[] }>(
    [BASELINE, ...CASES].map((c) => [c, { ms: [], firstMs: [] }]),
  );
  for (let launch = 0; launch < LAUNCHES; launch++) {
    for (const [c, of] of launches) {
      const result = await run(process.execPath, c.args);
      if (result.code !== 0)
        throw new Error(`${c.args.join(" ")} exited ${result.code}: ${result.stderr.slice(0, 300)}`);
      const { ms, firstMs, valid } = JSON.parse(result.stdout) as { ms: number; firstMs?: number; valid: boolean };
      if (!valid) throw new Error(`${c.label}: the payload was reported invalid`);
      of.ms.push(ms);
      if (firstMs !== undefined) of.firstMs.push(firstMs);
    }
    log(`cold start: launch ${launch + 1}/${LAUNCHES}`);
  }
  return new Map(
    [...launches].map(([c, of]) => [
      c,
      { ms: median(of.ms), ...(of.firstMs.length > 0 ? { firstMs: median(of.firstMs) } : {}) },
    ]),
  );
}

export async function runColdStart(): Promise<Section> {
  const counts = new Map<Case, number | undefined>();
  if (!QUICK)
    for (const c of [BASELINE, ...CASES]) {
      counts.set(c, await instructions(c.args));
      log(`cold start: instructions of ${c.label}`);
    }
  const empty = counts.get(BASELINE);
  const overEmptyM = (c: Case) => {
    const count = counts.get(c);
    return count === undefined || empty === undefined ? undefined : (count - empty) / 1e6;
  };
  const ms = await milliseconds();
  const verdict = (c: Case) => {
    const over = overEmptyM(c);
    if (c.targetM === undefined) return "—";
    if (over === undefined) return `≤ ${c.targetM} M: not counted (${QUICK ? "--quick" : "no valgrind"})`;
    return `≤ ${c.targetM} M: ${over <= c.targetM ? "met" : "**missed**"}`;
  };
  const ratios = [
    "Instructions a first validation adds to an empty Node process (callgrind, main thread, millions), against the target.",
    "",
    table(
      ["First validation", "M instructions over an empty process", "target"],
      CASES.map((c) => {
        const over = overEmptyM(c);
        return [c.label, over === undefined ? "—" : fmt(over, 1), verdict(c)];
      }),
    ),
  ].join("\n");
  const body = [
    `Milliseconds, information only (median of ${LAUNCHES} launches): the import and the first validation timed inside the process, and the process start to the result; an empty process took ${fmt(ms.get(BASELINE)!.ms, 1)} ms.`,
    "",
    table(
      ["First validation", "import + validation, ms", "process start → result, ms"],
      CASES.map((c) => {
        const m = ms.get(c)!;
        return [c.label, m.firstMs === undefined ? "—" : fmt(m.firstMs, 1), fmt(m.ms, 1)];
      }),
    ),
  ].join("\n");
  return { title: "2. Cold start", ratios, body };
}
