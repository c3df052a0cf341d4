/**
 * Section 2 — cold start: from process start to the first validation result, with the generated validators
 * (import only) and with AJV compiling the schema files at run time, for the messaging set and the Config tree.
 * Each case is a fresh `node` process running a small script of bench/cold/; launches are interleaved.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { BENCH_DIR, ROOT, QUICK, fmt, log, median, run, table, type Section } from "./shared.js";

const LAUNCHES = QUICK ? 3 : 9;

interface Case {
  label: string;
  args: string[];
}

const payload = (name: string) => path.join(BENCH_DIR, "payloads", `${name}.json`);
const script = (name: string) => path.join(BENCH_DIR, "cold", name);

const count = (api: string) => readdirSync(path.join(ROOT, "schemas", api)).filter((f) => f.endsWith(".schema.json")).length;

const CASES: Case[] = [
  { label: "empty Node process (baseline)", args: [script("baseline.mjs")] },
  { label: "messaging — generated: import generated/validators.js, validate a message", args: [script("generated.mjs"), "message", payload("message-text")] },
  {
    label: `messaging — AJV at run time: read + compile the ${count("messaging")} messaging schemas, validate a message`,
    args: [script("runtime.mjs"), "messaging", "message", payload("message-text")],
  },
  { label: "Config — generated: import generated/validators.js, validate the large Config", args: [script("generated.mjs"), "config", payload("config-large")] },
  {
    label: `Config — AJV at run time: read + compile the ${count("configs")} Config-tree schemas, validate the large Config`,
    args: [script("runtime.mjs"), "configs", "config", payload("config-large")],
  },
];

/** The target "first validation at least 10× sooner than run-time compilation of the whole Config tree". */
function targetLine(firstResult: Map<string, number[]>, baseline: number): string {
  const [generated, runtime] = [CASES[3]!, CASES[4]!].map((c) => median(firstResult.get(c.label)!));
  const fromStart = runtime! / generated!;
  const ourPart = (runtime! - baseline) / (generated! - baseline);
  const verdict = (ratio: number) => `**${ratio.toFixed(1)}×** — ${ratio >= 10 ? "met" : "**missed**"}`;
  return (
    "Target, first validation ≥ 10× sooner than AJV compiling the whole Config tree at run time: " +
    `counted from process start ${verdict(fromStart)}; counted over the empty Node process (the part the validators control) ${verdict(ourPart)}.`
  );
}

export async function runColdStart(): Promise<Section> {
  const firstResult = new Map<string, number[]>(CASES.map((c) => [c.label, []]));
  const wall = new Map<string, number[]>(CASES.map((c) => [c.label, []]));
  for (let launch = 0; launch < LAUNCHES; launch++) {
    for (const c of CASES) {
      const result = await run(process.execPath, c.args);
      if (result.code !== 0) throw new Error(`${c.args.join(" ")} exited ${result.code}: ${result.stderr.slice(0, 300)}`);
      const { ms, valid } = JSON.parse(result.stdout) as { ms: number; valid: boolean };
      if (!valid) throw new Error(`${c.label}: the payload was reported invalid`);
      firstResult.get(c.label)!.push(ms);
      wall.get(c.label)!.push(result.ms);
    }
    log(`cold start: launch ${launch + 1}/${LAUNCHES}`);
  }
  const baseline = median(firstResult.get(CASES[0]!.label)!);
  const rows = CASES.map((c) => {
    const values = firstResult.get(c.label)!;
    const m = median(values);
    return [
      c.label,
      fmt(m, 1),
      c === CASES[0] ? "—" : fmt(m - baseline, 1),
      `${fmt(Math.min(...values), 1)} – ${fmt(Math.max(...values), 1)}`,
      fmt(median(wall.get(c.label)!), 1),
    ];
  });
  const body = [
    `What it measures: milliseconds from the start of a fresh \`node\` process (\`performance.now()\`, whose origin is the process start) to the first validation result, median of ${LAUNCHES} launches per case (launches interleaved across cases); the payload file is read in every case. ` +
      `"Generated" imports generated/validators.js (both APIs' validators, precompiled) and calls \`validate()\`; "AJV at run time" imports ajv and ajv-formats, reads the API's schema files, compiles every one of them with the generator's AJV options and calls the validator. ` +
      `"over baseline" subtracts the median of an empty Node process. Reproduce: \`npm run bench -- cold-start\`, or one launch: \`node bench/cold/generated.mjs message bench/payloads/message-text.json\` / \`node bench/cold/runtime.mjs messaging message bench/payloads/message-text.json\`.`,
    "",
    table(["Case", "process start → first result, median ms", "over baseline ms", "min – max ms", "spawn → exit (wall), median ms"], rows),
    "",
    targetLine(firstResult, baseline),
  ].join("\n");
  return { title: "2. Cold start", body };
}
