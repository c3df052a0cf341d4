/**
 * Section 2 — cold start: from process start to the first validation result, with the generated validators as a
 * consumer imports them (by the package's name, through package.json `exports`: the build's bundled entry points
 * of dist/bundle/: the aggregate `specfirst/validators`, one API's validators alone `specfirst/<api>/validators`, or
 * one API's whole entry point `specfirst/<api>` (validators and client); import only), with the
 * unbundled tsc output of one API for comparison, and with AJV compiling the shipped schema files at run time, for
 * the messaging set and the Config tree. Each case is a fresh `node` process running a small script of bench/cold/;
 * launches are interleaved.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { AJV_OPTIONS } from "../generator/emit/validators/ajv-options.js";
import { BENCH_DIR, ROOT, QUICK, fmt, log, median, run, table, type Section } from "./shared.js";

// A launch's time varies by several ms on the shared machine (other virtual machines' load): 21 launches per case
// keep the median steady enough to compare with a 5 ms target.
const LAUNCHES = QUICK ? 3 : 21;

type Key =
  | "baseline"
  | "messaging-aggregate"
  | "messaging-validators"
  | "messaging-alone"
  | "messaging-runtime"
  | "configs-aggregate"
  | "configs-validators"
  | "configs-alone"
  | "configs-unbundled"
  | "configs-runtime";

interface Case {
  key: Key;
  label: string;
  args: string[];
}

const payload = (name: string) => path.join(BENCH_DIR, "payloads", `${name}.json`);
const script = (name: string) => path.join(BENCH_DIR, "cold", name);

const count = (api: string) =>
  readdirSync(path.join(ROOT, "generated", "schemas", api)).filter((f) => f.endsWith(".schema.json")).length;
const options = JSON.stringify(AJV_OPTIONS);

const CASES: Case[] = [
  { key: "baseline", label: "empty Node process (baseline)", args: [script("baseline.mjs")] },
  {
    key: "messaging-aggregate",
    label:
      "messaging — generated, `specfirst/validators` (dist/bundle/validators.js, every API): import, validate a message",
    args: [script("generated.mjs"), "message", payload("message-text"), "specfirst/validators"],
  },
  {
    key: "messaging-validators",
    label:
      "messaging — generated, `specfirst/messaging/validators` (dist/bundle/messaging/validators.js: this API's validators alone): import, validate a message",
    args: [script("generated.mjs"), "message", payload("message-text"), "specfirst/messaging/validators"],
  },
  {
    key: "messaging-alone",
    label:
      "messaging — generated, `specfirst/messaging` alone (dist/bundle/messaging/index.js: validators, client): import, validate a message",
    args: [script("generated.mjs"), "message", payload("message-text"), "specfirst/messaging"],
  },
  {
    key: "messaging-runtime",
    label: `messaging — AJV at run time: read + compile the ${count("messaging")} messaging schemas, validate a message`,
    args: [script("runtime.mjs"), "messaging", "message", payload("message-text"), options],
  },
  {
    key: "configs-aggregate",
    label:
      "Config — generated, `specfirst/validators` (dist/bundle/validators.js, every API): import, validate the large Config",
    args: [script("generated.mjs"), "config", payload("config-large"), "specfirst/validators"],
  },
  {
    key: "configs-validators",
    label:
      "Config — generated, `specfirst/configs/validators` (dist/bundle/configs/validators.js: this API's validators alone): import, validate the large Config",
    args: [script("generated.mjs"), "config", payload("config-large"), "specfirst/configs/validators"],
  },
  {
    key: "configs-alone",
    label:
      "Config — generated, `specfirst/configs` alone (dist/bundle/configs/index.js: validators, client): import, validate the large Config",
    args: [script("generated.mjs"), "config", payload("config-large"), "specfirst/configs"],
  },
  {
    key: "configs-unbundled",
    label:
      "Config — generated, unbundled: the tsc output of `specfirst/configs` (dist/generated/configs/index.js, one module per source, what the package shipped before the bundle step): import, validate the large Config",
    args: [script("generated.mjs"), "config", payload("config-large"), "../../dist/generated/configs/index.js"],
  },
  {
    key: "configs-runtime",
    label: `Config — AJV at run time: read + compile the ${count("configs")} Config-tree schemas, validate the large Config`,
    args: [script("runtime.mjs"), "configs", "config", payload("config-large"), options],
  },
];

/** The target "first validation at least 10× sooner than run-time compilation of the whole Config tree". */
function targetLine(at: (key: Key) => number, baseline: number): string {
  const [generated, runtime] = [at("configs-aggregate"), at("configs-runtime")];
  const fromStart = runtime / generated;
  const ourPart = (runtime - baseline) / (generated - baseline);
  const verdict = (ratio: number) => `**${ratio.toFixed(1)}×** — ${ratio >= 10 ? "met" : "**missed**"}`;
  return (
    "Target, first validation with `specfirst/validators` ≥ 10× sooner than AJV compiling the whole Config tree at run time: " +
    `counted from process start ${verdict(fromStart)}; counted over the empty Node process (the part the validators control) ${verdict(ourPart)}.`
  );
}

/**
 * The cold-start targets of docs/performance.md, counted over the empty Node process: the first validation with
 * `specfirst/validators` within 10 ms, with one API's validators `specfirst/<api>/validators` within 5 ms (the slower of
 * the two payloads of each case).
 */
function closeToLimitLine(at: (key: Key) => number, baseline: number): string {
  const over = (...keys: Key[]) => Math.max(...keys.map((key) => at(key) - baseline));
  const verdict = (ms: number, limit: number) =>
    `**${fmt(ms, 1)} ms** (target ≤ ${limit} ms: ${ms <= limit ? "met" : "**missed**"})`;
  return (
    `Targets, counted over an empty Node process (the limit: ${fmt(baseline, 1)} ms here): the first validation with \`specfirst/validators\` (every API) ≤ 10 ms: ${verdict(over("messaging-aggregate", "configs-aggregate"), 10)}; ` +
    `with one API's validators alone, \`specfirst/<api>/validators\`, ≤ 5 ms: ${verdict(over("messaging-validators", "configs-validators"), 5)} ` +
    `(the slower of the message and the large Config; one API's whole entry point \`specfirst/<api>\`, validators and client: ${fmt(over("messaging-alone", "configs-alone"), 1)} ms). ` +
    "Under load every launch is slower: read these with the load average recorded at the top of RESULTS.md."
  );
}

/** One API's entry point (`part`: its validators alone, or the whole `specfirst/<api>`) against the aggregate `specfirst/validators`. */
function aloneLine(
  api: "configs" | "messaging",
  part: "validators" | "alone",
  what: string,
  at: (key: Key) => number,
  importMs: (key: Key) => number,
  baseline: number,
): string {
  const [alone, aggregate] = [at(`${api}-${part}`), at(`${api}-aggregate`)];
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
  const entry = part === "validators" ? `specfirst/${api}/validators` : `specfirst/${api}`;
  return (
    `- \`${entry}\` vs the aggregate \`specfirst/validators\` (${what}): from process start ${fmt(alone, 1)} ms vs ${fmt(aggregate, 1)} ms (${pct(alone, aggregate)}); ` +
    `over the empty process ${fmt(alone - baseline, 1)} ms vs ${fmt(aggregate - baseline, 1)} ms (${pct(alone - baseline, aggregate - baseline)}); ` +
    `the \`import()\` alone ${fmt(importMs(`${api}-${part}`), 1)} ms vs ${fmt(importMs(`${api}-aggregate`), 1)} ms (${pct(importMs(`${api}-${part}`), importMs(`${api}-aggregate`))}).`
  );
}

export async function runColdStart(): Promise<Section> {
  const firstResult = new Map<Key, number[]>(CASES.map((c) => [c.key, []]));
  const imports = new Map<Key, number[]>(CASES.map((c) => [c.key, []]));
  const wall = new Map<Key, number[]>(CASES.map((c) => [c.key, []]));
  for (let launch = 0; launch < LAUNCHES; launch++) {
    for (const c of CASES) {
      const result = await run(process.execPath, c.args);
      if (result.code !== 0)
        throw new Error(`${c.args.join(" ")} exited ${result.code}: ${result.stderr.slice(0, 300)}`);
      const { ms, importMs, valid } = JSON.parse(result.stdout) as { ms: number; importMs?: number; valid: boolean };
      if (!valid) throw new Error(`${c.label}: the payload was reported invalid`);
      firstResult.get(c.key)!.push(ms);
      if (importMs !== undefined) imports.get(c.key)!.push(importMs);
      wall.get(c.key)!.push(result.ms);
    }
    log(`cold start: launch ${launch + 1}/${LAUNCHES}`);
  }
  const at = (key: Key) => median(firstResult.get(key)!);
  const importMs = (key: Key) => median(imports.get(key)!);
  const baseline = at("baseline");
  const rows = CASES.map((c) => {
    const values = firstResult.get(c.key)!;
    const m = median(values);
    return [
      c.label,
      fmt(m, 1),
      c.key === "baseline" ? "—" : fmt(m - baseline, 1),
      imports.get(c.key)!.length > 0 ? fmt(importMs(c.key), 1) : "—",
      `${fmt(Math.min(...values), 1)} – ${fmt(Math.max(...values), 1)}`,
      fmt(median(wall.get(c.key)!), 1),
    ];
  });
  const body = [
    `What it measures: milliseconds from the start of a fresh \`node\` process (\`performance.now()\`, whose origin is the process start) to the first validation result, median of ${LAUNCHES} launches per case (launches interleaved across cases); the payload file is read in every case. ` +
      `"Generated" imports one entry point of the package by its name as a consumer does (\`import("specfirst/validators")\`, resolved through package.json \`exports\` to the build: \`npm run build\` compiles with tsc, then scripts/bundle.mjs bundles each of these entry points from the sources into minified files of dist/bundle/: each API's validators one self-contained file, the aggregate a file that imports them, the clients files that import them and share their run time through chunks; the bench builds first when stale) and calls its \`validate()\`: the aggregate \`specfirst/validators\` (every API's validators, precompiled), one API's validators alone \`specfirst/<api>/validators\` (no client, no other API's code), or one API's whole entry point \`specfirst/<api>\` (that API's validators and client); ` +
      `"AJV at run time" imports ajv and ajv-formats, reads the API's shipped schema files (generated/schemas/<api>/), compiles every one of them with the generator's AJV options and calls the validator. ` +
      `"over baseline" subtracts the median of an empty Node process; "import()" is the time the \`await import(...)\` of the generated module took inside the script (median). ` +
      `Reproduce: \`npm run bench -- cold-start\`, or one launch (after \`npm run build\`): \`node bench/cold/generated.mjs config bench/payloads/config-large.json specfirst/configs\` / \`node bench/cold/runtime.mjs messaging message bench/payloads/message-text.json '${options}'\`.`,
    "",
    table(
      [
        "Case",
        "process start → first result, median ms",
        "over baseline ms",
        "import() ms",
        "min – max ms",
        "spawn → exit (wall), median ms",
      ],
      rows,
    ),
    "",
    targetLine(at, baseline),
    "",
    closeToLimitLine(at, baseline),
    "",
    "One API alone (`specfirst/<api>/validators` and `specfirst/<api>` against the aggregate `specfirst/validators`):",
    "",
    aloneLine("configs", "validators", "first validation of the large Config", at, importMs, baseline),
    aloneLine("configs", "alone", "first validation of the large Config", at, importMs, baseline),
    `  (\`specfirst/configs\` unbundled, as tsc compiles it, one module per source: from process start ${fmt(at("configs-unbundled"), 1)} ms, over the empty process ${fmt(at("configs-unbundled") - baseline, 1)} ms, \`import()\` ${fmt(importMs("configs-unbundled"), 1)} ms.)`,
    aloneLine("messaging", "validators", "first validation of a text message", at, importMs, baseline),
    aloneLine("messaging", "alone", "first validation of a text message", at, importMs, baseline),
  ].join("\n");
  return { title: "2. Cold start", body };
}
