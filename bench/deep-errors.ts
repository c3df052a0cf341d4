/**
 * Section 4 — errors of deep trees (docs/validating.md#errors): `validate("config", …)` of `specfirst/validators` on
 * a Config whose filter tree is n nodes deep, with a wrong-typed `op` in every node or valid, against AJV compiling
 * the raw schemas with allErrors (`createAjv({ allErrors: true })` of `specfirst/ajv`, reading `.errors`). Each
 * figure comes from a process of its own (bench/deep/measure.mjs); the rounds alternate the two implementations and
 * a ratio is the median of the rounds' ratios. With valgrind, the instructions of one call: the difference of two
 * runs of different lengths, over the extra calls.
 */
import path from "node:path";
import { BENCH_DIR, QUICK, fmt, instructions, log, median, run, table, type Section } from "./shared.js";

const SCRIPT = path.join(BENCH_DIR, "deep", "measure.mjs");
const ROUNDS = QUICK ? 1 : 5;
const MS = QUICK ? 200 : 1000;
const IMPLEMENTATIONS = ["generated", "ajv"] as const;
type Implementation = (typeof IMPLEMENTATIONS)[number];

/** The targets of issue 53: under `ms` milliseconds, or at least `ratio` (within 1 / ratio times AJV's time). */
const CASES: { valid: boolean; depth: number; target?: { ms: number } | { ratio: number } }[] = [
  { valid: false, depth: 1_000, target: { ratio: 0.5 } },
  { valid: false, depth: 4_000, target: { ms: 20 } },
  { valid: true, depth: 1_000 },
  { valid: true, depth: 4_000 },
];

/** Median ms of a call, or why it failed (AJV's stack runs out before 4,000 levels). */
async function measure(args: string[]): Promise<number | string> {
  const result = await run(process.execPath, [SCRIPT, ...args, String(MS)]);
  if (result.code !== 0) return `fails: ${/^\w*Error\b.*$/m.exec(result.stderr)?.[0] ?? `exit ${result.code}`}`;
  return Number(result.stdout);
}

async function instructionsPerCall(args: string[]): Promise<number | undefined> {
  const [short, long] = [
    await instructions([SCRIPT, ...args, "calls:100"]),
    await instructions([SCRIPT, ...args, "calls:200"]),
  ];
  return short === undefined || long === undefined ? undefined : (long - short) / 100;
}

const msText = (ms: number) => (ms < 1 ? `${fmt(ms * 1000)} µs` : `${fmt(ms, 2)} ms`);
const millions = (count: number | undefined) => (count === undefined ? "—" : `${fmt(count / 1e6, 2)} M`);

export async function runDeepErrors(): Promise<Section> {
  const ratioRows: string[][] = [];
  const rows: string[][] = [];
  for (const { valid, depth, target } of CASES) {
    const tree = `${fmt(depth)} nested filter nodes, ${valid ? "valid" : "each with a wrong-typed `op` (an error each)"}`;
    log(`deep errors: ${tree}`);
    const args = (impl: string) => [impl, valid ? "valid" : "wrong-op", String(depth)];
    const figures: Record<Implementation, (number | string)[]> = { generated: [], ajv: [] };
    for (let round = 0; round < ROUNDS; round++)
      for (const impl of IMPLEMENTATIONS) figures[impl].push(await measure(args(impl)));
    const times = (impl: Implementation) => figures[impl].filter((m) => typeof m === "number");
    const [generated, ajv] = [times("generated"), times("ajv")];
    const ratios = generated.length === ajv.length ? generated.map((ms, i) => ajv[i]! / ms) : [];
    const ratio = ratios.length > 0 ? median(ratios) : Number.NaN;
    const ms = median(generated);
    const verdict =
      target === undefined
        ? "—"
        : "ms" in target
          ? `< ${target.ms} ms: ${ms < target.ms ? "met" : "**missed**"}`
          : `≥ ${target.ratio}× (within 2× AJV's time): ${ratio >= target.ratio ? "met" : "**missed**"}`;
    const counts = QUICK ? [] : [await instructionsPerCall(args("generated")), await instructionsPerCall(args("ajv"))];
    ratioRows.push([
      tree,
      Number.isNaN(ratio) ? "—" : `${ratio.toFixed(2)}×`,
      `${millions(counts[0])} / ${millions(counts[1])}`,
      verdict,
    ]);
    const failure = (impl: Implementation) => figures[impl].find((m): m is string => typeof m === "string") ?? "—";
    rows.push([
      tree,
      generated.length > 0 ? msText(ms) : failure("generated"),
      ajv.length > 0 ? msText(median(ajv)) : failure("ajv"),
    ]);
  }
  const ratios = [
    "Generated `validate()` ÷ AJV with allErrors (reading `.errors`) on the same Config, calls/s, each in a process of its own (above 1× = specfirst is faster); the instructions of one call (callgrind, main thread).",
    "",
    table(["Tree", "÷ AJV allErrors", "instructions a call: generated / AJV", "target"], ratioRows, "lrrl"),
  ].join("\n");
  const body = [
    `Median ms a call, warm, over ${fmt(MS)} ms in each of ${ROUNDS} rounds. AJV's compiled functions call each other once per level, and its stack runs out before 4,000 levels.`,
    "",
    table(["Tree", "generated validate()", "AJV allErrors"], rows),
  ].join("\n");
  return { title: "4. Errors of deep trees", ratios, body };
}
