/**
 * Section 9 — errors of deep trees (docs/validating.md#errors): `validate("config", …)` of dist/generated/validators.js
 * on a Config whose filter tree is n nodes deep, with an error in every node (a wrong-typed `op`; or an unknown key
 * and a wrong-typed `op`) and with none, against AJV compiling the raw schemas with allErrors (`specfirst/ajv`,
 * `createAjv({ allErrors: true })`, reading `.errors`). Each figure comes from a process of its own
 * (bench/deep/measure.mjs: the Config parsed from its text, a warm-up, then the median of calls timed one by one);
 * the rounds alternate the two implementations, and a ratio is the median of the rounds' ratios. With valgrind, the
 * instructions of one call (callgrind, `node --predictable`, the difference of two runs of different lengths).
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { BENCH_DIR, QUICK, fmt, log, median, run, table, type Section } from "./shared.js";

const SCRIPT = path.join(BENCH_DIR, "deep", "measure.mjs");
const ROUNDS = QUICK ? 1 : 5;
const MS = QUICK ? 200 : 1000;

type Implementation = "generated" | "ajv";
type Shape = "wrong-op" | "unknown-key" | "valid";

interface Case {
  shape: Shape;
  depth: number;
  /** The issue's targets (issue 53): under `ms` milliseconds, or within `ofAjv` times AJV's time. */
  target?: { ms: number } | { ofAjv: number };
}

const CASES: Case[] = [
  { shape: "wrong-op", depth: 1_000, target: { ofAjv: 2 } },
  { shape: "wrong-op", depth: 4_000, target: { ms: 20 } },
  { shape: "unknown-key", depth: 1_000 },
  { shape: "unknown-key", depth: 4_000 },
  { shape: "valid", depth: 1_000 },
  { shape: "valid", depth: 4_000 },
];

const LABELS: Record<Shape, string> = {
  "wrong-op": "each node with a wrong-typed `op`",
  "unknown-key": "each node with an unknown key and a wrong-typed `op`",
  valid: "valid",
};

type Measured = { ms: number; calls: number; errors: number; bytes: number } | { failed: string };

async function measure(impl: Implementation, { shape, depth }: Case): Promise<Measured> {
  const result = await run(process.execPath, [SCRIPT, impl, shape, String(depth), String(MS)]);
  if (result.code !== 0) return { failed: `exit ${result.code}: ${result.stderr.trim().split("\n").at(-1) ?? ""}` };
  return JSON.parse(result.stdout) as Measured;
}

/** Instructions of the main thread of `measure.mjs … calls:<calls>` (callgrind); undefined without valgrind. */
async function instructions(args: string[], calls: number): Promise<number | undefined> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-deep-"));
  try {
    const out = path.join(dir, "callgrind.out");
    const result = await run(
      "valgrind",
      [
        "--tool=callgrind",
        "--separate-threads=yes",
        `--callgrind-out-file=${out}`,
        process.execPath,
        "--predictable",
        SCRIPT,
        ...args,
        `calls:${calls}`,
      ],
      // PATH alone: the environment changes the count (see bench/cold-start.ts)
      { env: { PATH: process.env.PATH } },
    );
    if (result.code !== 0) return undefined;
    const summary = /^summary: (\d+)$/m.exec(await readFile(`${out}-01`, "utf8"));
    return summary === null ? undefined : Number(summary[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Instructions of one call: the difference of a run of `warm + extra` calls and one of `warm`, over `extra`. */
async function instructionsPerCall(impl: Implementation, { shape, depth }: Case): Promise<number | undefined> {
  const [warm, extra] = [100, 100];
  const args = [impl, shape, String(depth)];
  const [short, long] = [await instructions(args, warm), await instructions(args, warm + extra)];
  return short === undefined || long === undefined ? undefined : (long - short) / extra;
}

const msText = (ms: number) => (ms < 1 ? `${fmt(ms * 1000)} µs` : `${fmt(ms, 2)} ms`);

export async function runDeepErrors(): Promise<Section> {
  const counted = !QUICK && spawnSync("valgrind", ["--version"]).status === 0;
  const rows: (string | number)[][] = [];
  const verdicts: string[] = [];
  const limits: string[] = [];
  for (const c of CASES) {
    const figures: Record<Implementation, Measured[]> = { generated: [], ajv: [] };
    for (let round = 0; round < ROUNDS; round++)
      for (const impl of ["generated", "ajv"] as const) figures[impl].push(await measure(impl, c));
    const times = (impl: Implementation) => figures[impl].flatMap((m) => ("ms" in m ? [m.ms] : []));
    const failure = (impl: Implementation) => figures[impl].find((m): m is { failed: string } => "failed" in m);
    const generated = times("generated");
    const ajv = times("ajv");
    const ratios = figures.generated.flatMap((m, round) => {
      const other = figures.ajv[round];
      return "ms" in m && other !== undefined && "ms" in other ? [m.ms / other.ms] : [];
    });
    const ratio = ratios.length > 0 ? median(ratios) : Number.NaN;
    const first = figures.generated.find((m) => "ms" in m);
    const tree = `${fmt(c.depth)} nested filter nodes, ${LABELS[c.shape]}`;
    const [ownCount, ajvCount] = counted
      ? [await instructionsPerCall("generated", c), ajv.length > 0 ? await instructionsPerCall("ajv", c) : undefined]
      : [undefined, undefined];
    log(`deep errors: ${tree}`);
    rows.push([
      tree,
      first !== undefined && "ms" in first ? fmt(first.errors) : "—",
      first !== undefined && "ms" in first ? fmt(first.bytes) : "—",
      generated.length > 0 ? msText(median(generated)) : (failure("generated")?.failed ?? "—"),
      ajv.length > 0 ? msText(median(ajv)) : `fails: ${failure("ajv")?.failed ?? "—"}`,
      Number.isNaN(ratio) ? "—" : `${ratio.toFixed(2)}×`,
      ownCount === undefined
        ? "—"
        : `${fmt(ownCount / 1e6, 2)} M / ${ajvCount === undefined ? "—" : `${fmt(ajvCount / 1e6, 2)} M`}`,
    ]);
    const target = c.target;
    if (target !== undefined && "ms" in target) {
      const ms = generated.length > 0 ? median(generated) : Number.NaN;
      verdicts.push(
        `- ${tree}: generated \`validate()\` under ${target.ms} ms: **${msText(ms)}** — ${ms < target.ms ? "met" : "**missed**"}`,
      );
    } else if (target !== undefined) {
      const spread =
        ratios.length > 1 ? ` (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×)` : "";
      verdicts.push(
        `- ${tree}: generated \`validate()\` within ${target.ofAjv}× AJV with allErrors: **${ratio.toFixed(2)}×**${spread} — ${ratio <= target.ofAjv ? "met" : "**missed**"}`,
      );
      limits.push(`${ratio.toFixed(2)}× AJV's time at ${fmt(c.depth)} levels with an error in each`);
    }
  }
  const body = [
    "What an invalid tree costs as it deepens: the errors of a nested object cost O(errors + depth), where putting each caller's pointer in front of every error at every level cost O(errors × depth) (a Config of 1,000 such nodes took 54 ms and 4,000 took 0.5–0.8 s before). " +
      '`validate("config", data)` of dist/generated/validators.js against AJV compiling the raw schemas with allErrors (`createAjv({ allErrors: true })` of `specfirst/ajv`, reading `.errors`), each in a process of its own ' +
      `(bench/deep/measure.mjs: the Config parsed from its text, warmed up, then the median of calls timed one by one for ${fmt(MS)} ms), ${ROUNDS} rounds alternating the two; the ratio is the median of the rounds' ratios. ` +
      "Instructions: callgrind, the main thread of `node --predictable`, the difference of two runs of different lengths over the extra calls. " +
      "AJV's compiled functions call each other once per level, and the stack runs out before 4,000 levels (the generated validators answer `is nested too deeply to validate` past about 4,000 on a first call and 6,500 once optimized, docs/validating.md#validation-input). Reproduce: `npm run bench -- deep-errors`.",
    "",
    "Targets (issue 53):",
    "",
    ...verdicts,
    "",
    table(
      [
        "Tree",
        "errors",
        "body bytes",
        "generated validate()",
        "AJV allErrors",
        "generated ÷ AJV (time)",
        "instructions a call: generated / AJV",
      ],
      rows,
    ),
  ].join("\n");
  return {
    title: "9. Errors of deep trees",
    body,
    limit: `How close to the limit: AJV with allErrors on the same trees; generated \`validate()\` takes ${limits.join(", ")}.`,
  };
}
