/**
 * Section 2 — cold start: from process start to the first validation result, with the generated validators as a
 * consumer imports them (by the package's name, through package.json `exports`: the build's bundled entry points
 * of dist/bundle/: the aggregate `specfirst/validators`, one API's validators alone `specfirst/<api>/validators`, or
 * one API's whole entry point `specfirst/<api>` (validators and client); import only), with the
 * unbundled tsc output of one API for comparison, with an empty module imported by a package name (Node's own part
 * of any package import), and with AJV compiling the shipped schema files at run time, for the messaging set and the
 * Config tree. Each case is a fresh `node` process running a small script of bench/cold/;
 * launches are interleaved, one round of every case after another. The targets are checked with the import and the
 * first validation timed inside the process, beside the time over an empty process (paired by round).
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AJV_OPTIONS } from "../generator/emit/validators/ajv-options.js";
import { BENCH_DIR, ROOT, QUICK, fmt, log, median, quantile, run, table, type Section } from "./shared.js";

// A launch's time varies by several ms on the shared machine (other virtual machines' load; an empty process took
// 57-94 ms within a minute), the in-process times much less: 31 rounds keep the medians steady.
const LAUNCHES = QUICK ? 3 : 31;

type Key =
  | "baseline"
  | "empty-package"
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
  { key: "baseline", label: "empty Node process (the limit)", args: [script("baseline.mjs")] },
  {
    // the floor of any `import("<package>/<subpath>")`: Node resolving a package name through `exports` and loading
    // a module with nothing in it, from the same script as the validators' cases
    key: "empty-package",
    label:
      "an empty module imported by a package name (`empty-package/validators`, bench/cold/node_modules/empty-package/: Node's resolution through `exports` and its loading, no code): Node's own part of any package import",
    args: [script("generated.mjs"), "message", payload("message-text"), "empty-package/validators"],
  },
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

/** A case's launches: per round, ms from process start to the result, and (generated cases) the in-process times. */
interface Launches {
  ms: number[];
  importMs: number[];
  firstMs: number[];
  wall: number[];
}

/** What the lines below read of the launches. */
interface Measured {
  /** Median ms from process start to the result. */
  at: (key: Key) => number;
  /** Median over the rounds of the case's ms minus the empty process's in the same round. */
  overEmpty: (key: Key) => number;
  /** Median ms of the `await import()` inside the process. */
  importMs: (key: Key) => number;
  /** Median ms from before the import to the result, inside the process: the import and the first validation. */
  firstMs: (key: Key) => number;
  /** The same launches' first and third quartiles: the middle half of them took from the one to the other. */
  firstMsQuartiles: (key: Key) => [number, number];
}

function measured(launches: Map<Key, Launches>): Measured {
  const of = (key: Key) => launches.get(key)!;
  return {
    at: (key) => median(of(key).ms),
    overEmpty: (key) => median(of(key).ms.map((ms, round) => ms - of("baseline").ms[round]!)),
    importMs: (key) => median(of(key).importMs),
    firstMs: (key) => median(of(key).firstMs),
    firstMsQuartiles: (key) => [quantile(of(key).firstMs, 0.25), quantile(of(key).firstMs, 0.75)],
  };
}

/** The target "first validation at least 10× sooner than run-time compilation of the whole Config tree". */
function versusAjvLine({ at, overEmpty }: Measured): string {
  const [generated, runtime] = ["configs-aggregate", "configs-runtime"] as const;
  const fromStart = at(runtime) / at(generated);
  const ourPart = overEmpty(runtime) / overEmpty(generated);
  const verdict = (ratio: number) => `**${ratio.toFixed(1)}×** — ${ratio >= 10 ? "met" : "**missed**"}`;
  return (
    "Target, first validation with `specfirst/validators` ≥ 10× sooner than AJV compiling the whole Config tree at run time: " +
    `counted from process start ${verdict(fromStart)}; counted over the empty Node process (the part the validators control) ${verdict(ourPart)}.`
  );
}

/**
 * The cold-start targets of docs/performance.md: the import and the first validation with `specfirst/validators`
 * within 10 ms, with one API's validators `specfirst/<api>/validators` within 5 ms (the slower of the two payloads of
 * each case), timed inside the process, with the time over the empty process beside them.
 */
function targetsLine({ at, overEmpty, firstMs, firstMsQuartiles }: Measured): string {
  const slower = (measure: (key: Key) => number, ...keys: Key[]) => Math.max(...keys.map(measure));
  const target = (keys: Key[], limit: number) => {
    const ms = slower(firstMs, ...keys);
    const [low, high] = firstMsQuartiles(keys.reduce((a, b) => (firstMs(b) > firstMs(a) ? b : a)));
    // a limit inside the middle half of the launches is met or missed by the noise of the run: said, so no one
    // reads the verdict as settled
    const onItsLine =
      low <= limit && limit < high
        ? `, on its line: the middle half of the launches took ${fmt(low, 1)}–${fmt(high, 1)} ms`
        : "";
    return (
      `**${fmt(ms, 1)} ms** (target ≤ ${limit} ms: ${ms <= limit ? "met" : "**missed**"}${onItsLine}; ` +
      `over the empty process, paired by round: ${fmt(slower(overEmpty, ...keys), 1)} ms)`
    );
  };
  return (
    `Targets, the import and the first validation timed inside the process (an empty Node process, the limit, takes ${fmt(at("baseline"), 1)} ms here; ` +
    `importing an empty module by a package name, Node's own part of any package import, ${fmt(firstMs("empty-package"), 1)} ms inside the process): ` +
    `with \`specfirst/validators\` (every API) ≤ 10 ms: ${target(["messaging-aggregate", "configs-aggregate"], 10)}; ` +
    `with one API's validators alone, \`specfirst/<api>/validators\`, ≤ 5 ms: ${target(["messaging-validators", "configs-validators"], 5)} ` +
    `(the slower of the message and the large Config; one API's whole entry point \`specfirst/<api>\`, validators and client: ${fmt(slower(firstMs, "messaging-alone", "configs-alone"), 1)} ms). ` +
    "Under load every launch is slower: read these with the load average recorded at the top of RESULTS.md."
  );
}

/**
 * The section's "how close to the limit" line: the empty process is the floor, and what each entry point adds to it;
 * of that, importing an empty module by a package name is Node's own part, which no package's code can lower.
 */
function limitLine({ at, firstMs }: Measured): string {
  const empty = at("baseline");
  const floor = firstMs("empty-package");
  const slower = (...keys: Key[]) => Math.max(...keys.map(firstMs));
  const added = (ms: number) =>
    `${fmt(ms, 1)} ms (the first result at ${fmt((empty + ms) / empty, 2)}× of the empty process; ${fmt(ms - floor, 1)} ms over the empty module)`;
  return (
    `How close to the limit: an empty Node process is the floor, ${fmt(empty, 1)} ms from its start to its first output here, ` +
    `and importing an empty module by a package name (resolved through its \`exports\`, as the validators are) adds ${fmt(floor, 1)} ms to it, inside the process: Node's own part of any package import; ` +
    `the import and first validation add ${added(slower("messaging-aggregate", "configs-aggregate"))} with \`specfirst/validators\`, ` +
    `${added(slower("messaging-validators", "configs-validators"))} with one API's validators (the slower of a text message and the large Config), timed inside the process.`
  );
}

/** One API's entry point (`part`: its validators alone, or the whole `specfirst/<api>`) against the aggregate `specfirst/validators`. */
function aloneLine(
  api: "configs" | "messaging",
  part: "validators" | "alone",
  what: string,
  { at, firstMs, importMs }: Measured,
): string {
  const [alone, aggregate] = [`${api}-${part}`, `${api}-aggregate`] as const;
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
  const entry = part === "validators" ? `specfirst/${api}/validators` : `specfirst/${api}`;
  const compare = (measure: (key: Key) => number) =>
    `${fmt(measure(alone), 1)} ms vs ${fmt(measure(aggregate), 1)} ms (${pct(measure(alone), measure(aggregate))})`;
  return (
    `- \`${entry}\` vs the aggregate \`specfirst/validators\` (${what}): from process start ${compare(at)}; ` +
    `the import and the validation inside the process ${compare(firstMs)}; the \`import()\` alone ${compare(importMs)}.`
  );
}

/** The cases counted in instructions: the empty process and the validators' entry points of the targets. */
const COUNTED: Key[] = [
  "baseline",
  "empty-package",
  "messaging-aggregate",
  "messaging-validators",
  "configs-aggregate",
  "configs-validators",
];

/**
 * Instructions of a launch's main thread, counted by callgrind (valgrind) with `node --predictable` and PATH as the
 * only environment variable: the same count on every run to within a few thousand, whatever the host's speed or load,
 * where the milliseconds of the targets move with the host (docs/performance.md#the-hosts-speed-on-cold-work). Undefined
 * when valgrind is not installed.
 */
async function mainThreadInstructions(args: string[]): Promise<number | undefined> {
  if (spawnSync("valgrind", ["--version"]).status !== 0) return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-callgrind-"));
  try {
    const out = path.join(dir, "callgrind.out");
    // PATH alone: the environment changes the count (this machine's NODE_EXTRA_CA_CERTS adds about 0.4 G: the CA
    // bundle Node parses as it starts)
    const env = { PATH: process.env.PATH };
    const result = await run(
      "valgrind",
      [
        "--tool=callgrind",
        "--separate-threads=yes",
        `--callgrind-out-file=${out}`,
        process.execPath,
        "--predictable",
        ...args,
      ],
      { env },
    );
    if (result.code !== 0) throw new Error(`callgrind of ${args.join(" ")} exited ${result.code}`);
    // --separate-threads writes one file per thread; the main thread's is the first
    const summary = /^summary: (\d+)$/m.exec(await readFile(`${out}-01`, "utf8"));
    return summary === null ? undefined : Number(summary[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The instruction counts of the counted cases, over the empty process's: the part our code controls. */
async function instructionsLine(): Promise<string> {
  if (QUICK) return "Instructions: not counted with --quick.";
  const counts = new Map<Key, number | undefined>();
  for (const key of COUNTED) {
    counts.set(key, await mainThreadInstructions(CASES.find((c) => c.key === key)!.args));
    log(`cold start: instructions of ${key}`);
  }
  const empty = counts.get("baseline");
  if (empty === undefined) return "Instructions: not counted (valgrind is not installed).";
  const over = (key: Key) => `${fmt((counts.get(key)! - empty) / 1e6, 1)} M`;
  return (
    "Instructions, which do not depend on the host's speed (callgrind, the main thread, `node --predictable`, with PATH as the only environment variable; " +
    `an empty process ${fmt(empty / 1e6, 1)} M; importing an empty module by a package name adds ${over("empty-package")}): the import and first validation add ${over("messaging-aggregate")} (a text message) and ${over("configs-aggregate")} (the large Config) with \`specfirst/validators\`, ` +
    `${over("messaging-validators")} and ${over("configs-validators")} with one API's validators alone. Compare these across runs to tell a change of the code from a change of the host.`
  );
}

export async function runColdStart(): Promise<Section> {
  const launches = new Map<Key, Launches>(CASES.map((c) => [c.key, { ms: [], importMs: [], firstMs: [], wall: [] }]));
  for (let launch = 0; launch < LAUNCHES; launch++) {
    for (const c of CASES) {
      const result = await run(process.execPath, c.args);
      if (result.code !== 0)
        throw new Error(`${c.args.join(" ")} exited ${result.code}: ${result.stderr.slice(0, 300)}`);
      const { ms, importMs, firstMs, valid } = JSON.parse(result.stdout) as {
        ms: number;
        importMs?: number;
        firstMs?: number;
        valid: boolean;
      };
      if (!valid) throw new Error(`${c.label}: the payload was reported invalid`);
      const of = launches.get(c.key)!;
      of.ms.push(ms);
      if (importMs !== undefined) of.importMs.push(importMs);
      if (firstMs !== undefined) of.firstMs.push(firstMs);
      of.wall.push(result.ms);
    }
    log(`cold start: launch ${launch + 1}/${LAUNCHES}`);
  }
  const m = measured(launches);
  const rows = CASES.map((c) => {
    const { ms, importMs, wall } = launches.get(c.key)!;
    const generated = importMs.length > 0;
    return [
      c.label,
      fmt(m.at(c.key), 1),
      c.key === "baseline" ? "—" : fmt(m.overEmpty(c.key), 1),
      generated ? fmt(m.importMs(c.key), 1) : "—",
      generated ? fmt(m.firstMs(c.key), 1) : "—",
      `${fmt(Math.min(...ms), 1)} – ${fmt(Math.max(...ms), 1)}`,
      fmt(median(wall), 1),
    ];
  });
  const body = [
    `What it measures: milliseconds from the start of a fresh \`node\` process (\`performance.now()\`, whose origin is the process start) to the first validation result, ${LAUNCHES} rounds of launches, one launch of every case per round; the payload file is read in every case. ` +
      `"Generated" imports one entry point of the package by its name as a consumer does (\`import("specfirst/validators")\`, resolved through package.json \`exports\` to the build: \`npm run build\` compiles with tsc, then scripts/bundle.mjs bundles each of these entry points from the sources into minified files of dist/bundle/: each API's validators one self-contained file, the aggregate a file that imports them, the clients files that import them and share their run time through chunks; the bench builds first when stale) and calls its \`validate()\`: the aggregate \`specfirst/validators\` (every API's validators, precompiled), one API's validators alone \`specfirst/<api>/validators\` (no client, no other API's code), or one API's whole entry point \`specfirst/<api>\` (that API's validators and client); ` +
      `"an empty module imported by a package name" runs the same script with \`import("empty-package/validators")\`, a package of bench/cold/node_modules/ whose \`exports\` names a module with no code: what any package import costs Node (finding the package, resolving the subpath through \`exports\`, reading, compiling and linking a module), the part of the validators' cases that no package's code can lower. ` +
      `"AJV at run time" imports ajv and ajv-formats, reads the API's shipped schema files (generated/schemas/<api>/), compiles every one of them with the generator's AJV options and calls the validator. ` +
      `"over an empty process" is the median over the rounds of the case's time minus, in the same round, that of bench/cold/baseline.mjs, which does nothing: it also counts the case script's own work (import node:fs, read and parse the payload), and a start-up's variation of several ms (an empty process took 57-94 ms within a minute on this machine) moves it by about ±1.5 ms from one run to the next. "import()" is the time the \`await import(...)\` of the generated module took inside the script, "import + validation, in process" the time from before that import to the result (medians): the import and the first validation alone, without the start-up's variation, which the targets are checked with. ` +
      `Reproduce: \`npm run bench -- cold-start\`, or one launch (after \`npm run build\`): \`node bench/cold/generated.mjs config bench/payloads/config-large.json specfirst/configs\` / \`node bench/cold/runtime.mjs messaging message bench/payloads/message-text.json '${options}'\`.`,
    "",
    table(
      [
        "Case",
        "process start → first result, median ms",
        "over an empty process ms",
        "import() ms",
        "import + validation, in process ms",
        "min – max ms",
        "spawn → exit (wall), median ms",
      ],
      rows,
    ),
    "",
    versusAjvLine(m),
    "",
    targetsLine(m),
    "",
    "One API alone (`specfirst/<api>/validators` and `specfirst/<api>` against the aggregate `specfirst/validators`):",
    "",
    aloneLine("configs", "validators", "first validation of the large Config", m),
    aloneLine("configs", "alone", "first validation of the large Config", m),
    `  (\`specfirst/configs\` unbundled, as tsc compiles it, one module per source: from process start ${fmt(m.at("configs-unbundled"), 1)} ms, import and validation inside the process ${fmt(m.firstMs("configs-unbundled"), 1)} ms, \`import()\` ${fmt(m.importMs("configs-unbundled"), 1)} ms.)`,
    aloneLine("messaging", "validators", "first validation of a text message", m),
    aloneLine("messaging", "alone", "first validation of a text message", m),
  ].join("\n");
  // in the limit line, so that RESULTS.md's summary shows the count beside the milliseconds it explains
  return { title: "2. Cold start", body, limit: `${limitLine(m)} ${await instructionsLine()}` };
}
