/**
 * Section 2 — cold start: what the first validation adds to an empty `node` process, for `specfirst/validators` and
 * one API's `specfirst/<api>/validators`, imported by the package's name as a consumer does (bench/cold/generated.mjs).
 * The targets (docs/performance.md#targets) are counted in instructions (callgrind), which the host's speed and load
 * do not move; the milliseconds are information. AJV compiling the Config tree at run time (bench/cold/runtime.mjs)
 * is the comparison.
 */
import path from "node:path";
import { AJV_OPTIONS } from "../generator/emit/validators/ajv-options.js";
import { BENCH_DIR, QUICK, fmt, instructions, log, median, run, table, type Section } from "./shared.js";

const LAUNCHES = QUICK ? 3 : 31;

interface Case {
  label: string;
  args: string[];
  /** Millions of instructions over an empty process (docs/performance.md#targets). */
  targetM?: number;
}

const payload = (name: string) => path.join(BENCH_DIR, "payloads", `${name}.json`);
const script = (name: string) => path.join(BENCH_DIR, "cold", name);
/** The first validation of a text message or a large Config through an entry point imported by its package name. */
const generated = (entry: string, file: "message-text" | "config-large", targetM: number): Case => ({
  label: `\`${entry}\`${entry === "specfirst/validators" ? " (every API)" : ""}, ${file === "message-text" ? "text message" : "large Config"}`,
  args: [script("generated.mjs"), file.split("-")[0]!, payload(file), entry],
  targetM,
});

const EMPTY: Case = { label: "empty Node process", args: [script("baseline.mjs")] };
const CASES: Case[] = [
  generated("specfirst/validators", "message-text", 75),
  generated("specfirst/validators", "config-large", 75),
  generated("specfirst/messaging/validators", "message-text", 38),
  generated("specfirst/configs/validators", "config-large", 38),
  {
    label: "AJV compiling the Config tree at run time, large Config",
    args: [script("runtime.mjs"), "configs", "config", payload("config-large"), JSON.stringify(AJV_OPTIONS)],
  },
];

export async function runColdStart(): Promise<Section> {
  const counts = new Map<Case, number | undefined>();
  for (const c of QUICK ? [] : [EMPTY, ...CASES]) {
    counts.set(c, await instructions(c.args));
    log(`cold start: instructions of ${c.label}`);
  }
  const ms = new Map<Case, { ms: number[]; firstMs: number[] }>(
    [EMPTY, ...CASES].map((c) => [c, { ms: [], firstMs: [] }]),
  );
  for (let launch = 0; launch < LAUNCHES; launch++) {
    for (const [c, of] of ms) {
      const result = await run(process.execPath, c.args);
      if (result.code !== 0) throw new Error(`${c.label}: exit ${result.code}: ${result.stderr.slice(0, 300)}`);
      const out = JSON.parse(result.stdout) as { ms: number; firstMs?: number; valid: boolean };
      if (!out.valid) throw new Error(`${c.label}: the payload was reported invalid`);
      of.ms.push(out.ms);
      if (out.firstMs !== undefined) of.firstMs.push(out.firstMs);
    }
  }
  const rows = CASES.map((c) => {
    const [count, empty] = [counts.get(c), counts.get(EMPTY)];
    const over = count === undefined || empty === undefined ? undefined : (count - empty) / 1e6;
    const target =
      c.targetM === undefined
        ? "—"
        : `≤ ${c.targetM} M: ${over === undefined ? "not counted" : over <= c.targetM ? "met" : "**missed**"}`;
    return [c.label, over === undefined ? "—" : fmt(over, 1), target];
  });
  const ratios = [
    "Instructions a first validation adds to an empty Node process (callgrind, main thread, millions), against the target.",
    "",
    table(["First validation", "M instructions over an empty process", "target"], rows),
  ].join("\n");
  const body = [
    `Milliseconds, information only (median of ${LAUNCHES} launches): the import and the first validation timed inside the process, and the process start to the result; an empty process took ${fmt(median(ms.get(EMPTY)!.ms), 1)} ms.`,
    "",
    table(
      ["First validation", "import + validation, ms", "process start → result, ms"],
      CASES.map((c) => {
        const { ms: total, firstMs } = ms.get(c)!;
        return [c.label, firstMs.length === 0 ? "—" : fmt(median(firstMs), 1), fmt(median(total), 1)];
      }),
    ),
  ].join("\n");
  return { title: "2. Cold start", ratios, body };
}
