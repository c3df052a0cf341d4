/** Helpers shared by the benchmark sections: paths, payloads, run-time AJV compilation, timing and table output. */
import { spawn, spawnSync } from "node:child_process";
import { register } from "node:module";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Bench, hrtimeNow } from "tinybench";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import { AJV_OPTIONS } from "../generator/emit/validators/ajv-options.js";

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.dirname(BENCH_DIR);
/** The compiled package (`npm run build`: tsc, then scripts/bundle.mjs): what a consumer imports. */
export const DIST = path.join(ROOT, "dist");

// `?instance=<key>` on a dist/ module reaches the dist/ modules it imports (see bench/instance-hooks.mjs).
register(pathToFileURL(path.join(BENCH_DIR, "instance-hooks.mjs")).href, import.meta.url);

/** `npm run bench -- --quick`: shorter timings, for checking that the suite runs (figures are then rougher). */
export const QUICK = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";

export type Check = (data: unknown) => boolean;

export interface Section {
  title: string;
  /** Markdown: the section's ratios (a table with its units), printed first and whatever the machine's load. */
  ratios?: string;
  /** Markdown: the absolute figures (one line of units, then the table), printed only when the section ran quiet. */
  body: string;
  /** One line: how close the figures are to what the machine allows (the floor or ceiling the section compares with). */
  limit?: string;
}

// ---------------------------------------------------------------- payloads

export interface Payload {
  /** File base name in bench/payloads/. */
  name: string;
  /** Short label for tables. */
  label: string;
  /** Validator name. */
  schema: string;
  valid: boolean;
  data: unknown;
}

const PAYLOADS: [name: string, label: string, schema: string, valid: boolean][] = [
  ["message-text", "text/plain message", "message", true],
  ["message-select", "select message", "message", true],
  ["message-media-link", "media-link message", "message", true],
  ["notification-failed", "failed notification", "notification", true],
  ["command-set-schedule", "set /schedules command (nested select message)", "command", true],
  [
    "config-large",
    "large Config (kafka input, filter depth 6, 4 steps, flink processor, elastic output)",
    "config",
    true,
  ],
  ["message-invalid", "invalid message (4 errors)", "message", false],
  ["notification-invalid", "invalid notification (1 error: failed without a reason)", "notification", false],
  ["config-invalid", "invalid Config (4 errors)", "config", false],
  [
    "config-invalid-nested",
    "invalid Config (5 errors in nested objects: name, groups, kafka topics and tls, http timeout)",
    "config",
    false,
  ],
];

export function loadPayloads(): Payload[] {
  return PAYLOADS.map(([name, label, schema, valid]) => ({
    name,
    label,
    schema,
    valid,
    data: JSON.parse(readFileSync(path.join(BENCH_DIR, "payloads", `${name}.json`), "utf8")) as unknown,
  }));
}

// ---------------------------------------------------------------- validators

export interface GeneratedModule {
  schemaNames: readonly string[];
  validate(name: string, data: unknown): { valid: boolean; errors?: unknown[] };
  [guard: string]: unknown;
}

/** The .ts files under `dir` (recursively, declaration files left out), relative to ROOT. */
function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcesUnder(relative));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) out.push(relative);
  }
  return out;
}

/**
 * Sources of tsconfig.build.json whose dist/ .js is missing or older than the source, or whose bundle
 * (dist/bundle/, written by scripts/bundle.mjs after tsc) is missing or older than the source.
 */
export function staleBuildSources(): string[] {
  const bundle = path.join(DIST, "bundle", "validators.js");
  const bundled = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  return ["runtime", "generated"].flatMap(sourcesUnder).filter((source) => {
    const built = path.join(DIST, source.replace(/\.ts$/, ".js"));
    const changed = statSync(path.join(ROOT, source)).mtimeMs;
    return !existsSync(built) || statSync(built).mtimeMs < changed || bundled < changed;
  });
}

/**
 * Makes sure dist/ holds the current build of runtime/ and generated/ (what the package ships and a consumer
 * imports): runs `npm run build` when any source is newer than its compiled file. Returns what it did, for the
 * RESULTS.md header.
 */
export function ensureBuilt(): string {
  const stale = staleBuildSources();
  if (stale.length === 0) return "dist/ up to date with runtime/ and generated/ (checked at start, not rebuilt)";
  const start = performance.now();
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(
      `npm run build failed (exit ${result.status}): ${`${result.stdout}${result.stderr}`.slice(0, 500)}`,
    );
  const left = staleBuildSources();
  if (left.length > 0) throw new Error(`dist/ still older than ${left.slice(0, 3).join(", ")} after npm run build`);
  return `dist/ built at start with \`npm run build\` (${stale.length} source(s) newer than their build; ${fmt((performance.now() - start) / 1000, 1)} s)`;
}

/** A file URL of dist/<relative>, with `?instance=<key>` when an instance is given (see bench/instance-hooks.mjs). */
export function distUrl(relative: string, instance?: string): string {
  return (
    pathToFileURL(path.join(DIST, relative)).href +
    (instance === undefined ? "" : `?instance=${encodeURIComponent(instance)}`)
  );
}

/**
 * Imports dist/generated/validators.js (`specfirst/validators`, the build of generated/validators.ts). A distinct
 * `instance` gives a separate instance of it and of every dist/ module it imports (its own functions, so its own
 * type feedback), as a fresh process would have.
 */
export async function loadGenerated(instance?: string): Promise<GeneratedModule> {
  return (await import(distUrl(path.join("generated", "validators.js"), instance))) as GeneratedModule;
}

/** `message` → `isMessage`, `command-response` → `isCommandResponse` (the guard names of specfirst/validators). */
export const guardName = (name: string) =>
  `is${name.replace(/(^|-)(\w)/g, (_m, _s: string, c: string) => c.toUpperCase())}`;

export interface SchemaSource {
  name: string;
  api: string;
  schema: Record<string, unknown>;
}

/**
 * The shipped schema files, generated/schemas/<api>/ (`specfirst/schemas/*`: the hand-written files with their
 * content-by-type declarations expanded into plain `if`/`then`, so each is self-contained JSON Schema).
 */
export function readSchemas(root = ROOT): SchemaSource[] {
  const out: SchemaSource[] = [];
  for (const api of ["configs", "messaging"]) {
    const dir = path.join(root, "generated", "schemas", api);
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith(".schema.json"))
      .sort()) {
      out.push({
        name: file.replace(/\.schema\.json$/, ""),
        api,
        schema: JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>,
      });
    }
  }
  return out;
}

const addFormats = addFormatsPlugin as unknown as (ajv: unknown, formats: string[]) => void;

function formatsUsed(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) formatsUsed(item, found);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "format" && typeof value === "string") found.add(value);
      else formatsUsed(value, found);
    }
  }
  return found;
}

/** Every `x-` key the schemas use (`x-secret`, `x-generated`, `x-content-type`, ...): annotations AJV must be told of. */
export function annotationKeywords(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) annotationKeywords(item, found);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) found.add(key);
      annotationKeywords(value, found);
    }
  }
  return found;
}

/**
 * An Ajv2020 instance with every shipped schema file (generated/schemas/, see `readSchemas`) added as it is (no
 * `x-dispatch` rewrite), with the generator's AJV options (generator/emit/validators/ajv-options.ts; they can be
 * overridden), the formats used and the schemas' `x-` annotation keywords declared: what a user compiling
 * `specfirst/schemas/*` with AJV directly would do.
 */
export function createAjv(options: Record<string, unknown> = {}, schemas = readSchemas()): Ajv2020 {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, ...options });
  addFormats(ajv, [...formatsUsed(schemas.map((s) => s.schema))].sort());
  for (const keyword of [...annotationKeywords(schemas.map((s) => s.schema))].sort()) ajv.addKeyword({ keyword });
  for (const s of schemas) ajv.addSchema(s.schema);
  return ajv;
}

/**
 * An Ajv2020 instance as AJV's users run it (the README of ajv and ajv-formats): `new Ajv2020({ allErrors: true,
 * strict: false })` (strict off so the schemas' `x-` annotations need no declaration), `addFormats(ajv)` with every
 * format, and every shipped schema file added as it is. None of the generator's options (`inlineRefs: 8`, ...).
 */
export function createUsersAjv(schemas = readSchemas()): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormatsPlugin as unknown as (ajv: unknown) => void)(ajv);
  for (const s of schemas) ajv.addSchema(s.schema);
  return ajv;
}

// ---------------------------------------------------------------- timing

export interface Measured {
  /** Operations per second: median of the per-sample throughput. */
  median: number;
  /** Operations per second: mean of the per-sample throughput. */
  mean: number;
  /** Relative margin of error of the mean latency, in %. */
  rme: number;
  samples: number;
  /** Calls per sample. */
  batch: number;
  /** ops/s of each round (median sample of the round), for ratios paired in time (see bench/validators.ts). */
  rounds: number[];
}

export const BENCH_TIME_MS = QUICK ? 45 : 105;
export const WARMUP_TIME_MS = QUICK ? 30 : 60;
/** Fresh instances of each implementation per payload (see bench/validators.ts). */
export const INSTANCES = QUICK ? 1 : 5;
/** Target duration of one sample (a batch of calls), ms. */
const SAMPLE_MS = 0.5;

/** Interleaved rounds per timed group (see `timeTasks`). */
export const ROUNDS = QUICK ? 1 : 3;

/** A task: `fn(...args)` is the timed call. */
export interface TimedTask {
  name: string;
  fn: (...args: never[]) => unknown;
  args: unknown[];
}

/**
 * Times each task with tinybench. One sample is `batch` calls (calibrated so a sample takes ~0.5 ms), so the
 * timer's own cost (~40 ns) does not swamp a call that takes 100 ns. Each task gets its own loop function
 * (`new Function`), so the call site in the loop sees one target only, as a call site in an application does,
 * and one task's type feedback cannot speed up or slow down the next one. The tasks run in `ROUNDS`
 * interleaved rounds and the samples of all rounds are pooled, so a burst of load from another process on the
 * machine hits every implementation alike instead of one of them.
 */
export function timeTasks(tasks: TimedTask[]): Map<string, Measured> {
  const sink: unknown[] = [];
  const prepared = tasks.map((task) => {
    const params = task.args.map((_a, i) => `a${i}`);
    const loop = new Function(
      "fn",
      ...params,
      "n",
      "sink",
      `let r; for (let i = 0; i < n; i++) r = fn(${params.join(", ")}); sink[0] = r;`,
    ) as (...args: unknown[]) => void;
    // warm up (~20 ms), then calibrate: how many calls fit in one sample
    let batch = 1;
    for (let start = hrtimeNow(); hrtimeNow() - start < (QUICK ? 5 : 20);) loop(task.fn, ...task.args, 16, sink);
    for (;;) {
      const start = hrtimeNow();
      loop(task.fn, ...task.args, batch, sink);
      const elapsed = hrtimeNow() - start;
      if (elapsed >= 4 || batch >= 1 << 20) {
        batch = Math.max(1, Math.round((batch * SAMPLE_MS) / Math.max(elapsed, 1e-3)));
        break;
      }
      batch *= 2;
    }
    return { task, loop, batch, samples: [] as number[], latency: [] as number[], rounds: [] as number[] };
  });
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({
      time: BENCH_TIME_MS / ROUNDS,
      warmupTime: round === 0 ? WARMUP_TIME_MS : WARMUP_TIME_MS / 5,
      warmupIterations: 16,
      iterations: 16,
      now: hrtimeNow,
    });
    for (const p of prepared) bench.add(p.task.name, () => p.loop(p.task.fn, ...p.task.args, p.batch, sink));
    bench.runSync();
    for (const p of prepared) {
      const result = bench.getTask(p.task.name)?.result;
      if (result === undefined || result.error !== undefined)
        throw result?.error ?? new Error(`task ${p.task.name} did not run`);
      for (const s of result.throughput.samples) p.samples.push(s * p.batch);
      p.rounds.push(median(result.throughput.samples) * p.batch);
      for (const s of result.latency.samples) p.latency.push(s);
    }
  }
  const out = new Map<string, Measured>();
  for (const p of prepared) {
    const mean = p.samples.reduce((a, b) => a + b, 0) / p.samples.length;
    const lat = p.latency.reduce((a, b) => a + b, 0) / p.latency.length;
    const sd = Math.sqrt(p.latency.reduce((a, b) => a + (b - lat) ** 2, 0) / Math.max(1, p.latency.length - 1));
    out.set(p.task.name, {
      median: median(p.samples),
      mean,
      rme: ((1.96 * sd) / Math.sqrt(p.latency.length) / lat) * 100,
      samples: p.samples.length,
      batch: p.batch,
      rounds: p.rounds,
    });
  }
  return out;
}

export function median(values: number[]): number {
  return quantile(values, 0.5);
}

/** The value below which a share `q` of the values lie, interpolated between the two nearest (0.5: the median). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/** A process as `/proc/<pid>/stat` shows it, with its seconds of CPU: its own (`utime`, `stime`) and its reaped children's (`cutime`, `cstime`). */
interface ProcessStat {
  pid: number;
  ppid: number;
  pgid: number;
  own: number;
  children: number;
}

function statCpu(line: string): ProcessStat {
  // The command name (field 2) may hold spaces and parentheses: the fields after it start after the last ")".
  const pid = Number(line.slice(0, line.indexOf(" ")));
  const rest = line.slice(line.lastIndexOf(")") + 2).split(" ");
  const field = (n: number) => Number(rest[n - 3]); // rest[0] is field 3 (state)
  return {
    pid,
    ppid: field(4),
    pgid: field(5),
    own: (field(14) + field(15)) / 100,
    children: (field(16) + field(17)) / 100,
  };
}

/** Every process of the machine (Linux: /proc); throws elsewhere. */
function processStats(): ProcessStat[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        return [statCpu(readFileSync(`/proc/${name}/stat`, "utf8"))];
      } catch {
        return []; // exited meanwhile
      }
    });
}

/**
 * Stops a process group the bench started detached (a command run through npm: npm → sh → node), leaves first, so
 * that each process is reaped by its parent and its CPU time reaches this process through its reaped children's:
 * killed all at once, a parent can die before its child, which init then reaps, and `withOtherLoad` counted the
 * child's work (the generator's in watch mode) as other processes' load. After 10 s, what is left is killed.
 */
export async function stopGroup(pgid: number): Promise<void> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    let members: ProcessStat[];
    try {
      members = processStats().filter((stat) => stat.pgid === pgid);
    } catch {
      members = []; // no /proc: the group is signalled as a whole below
    }
    if (members.length === 0 || performance.now() > deadline) {
      try {
        process.kill(-pgid, members.length === 0 ? "SIGTERM" : "SIGKILL");
      } catch {
        // the group is gone
      }
      return;
    }
    const parents = new Set(members.map((stat) => stat.ppid));
    for (const leaf of members.filter((stat) => !parents.has(stat.pid))) {
      try {
        process.kill(leaf.pid, "SIGTERM");
      } catch {
        // exited meanwhile
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * CPU seconds of this process's tree: its own, its reaped children's, and those of its live descendants and of
 * the children they reaped (a CLI, a server or a browser a section spawned is the bench's work, not other load).
 * Undefined off Linux.
 */
function treeCpu(): number | undefined {
  try {
    const stats = processStats();
    const byParent = new Map<number, ProcessStat[]>();
    for (const stat of stats) byParent.set(stat.ppid, [...(byParent.get(stat.ppid) ?? []), stat]);
    const self = stats.find((stat) => stat.pid === process.pid);
    if (self === undefined) return undefined;
    let total = self.own + self.children;
    const pending = [...(byParent.get(process.pid) ?? [])];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      total += next.own + next.children;
      pending.push(...(byParent.get(next.pid) ?? []));
    }
    return total;
  } catch {
    return undefined;
  }
}

/**
 * Measures how much CPU the rest of the machine used while `work` ran, in cores (from /proc/stat minus the CPU time
 * of this process and of every process it started): the noise indicator printed next to the throughput figures.
 * Undefined off Linux.
 */
export async function withOtherLoad<T>(work: () => Promise<T> | T): Promise<{ result: T; otherCores?: number }> {
  const busy = (): number | undefined => {
    try {
      const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
      const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
      return (user + nice + system + irq + softirq + steal) / 100; // USER_HZ
    } catch {
      return undefined;
    }
  };
  const [b0, o0, t0] = [busy(), treeCpu(), performance.now()];
  const result = await work();
  const [b1, o1, t1] = [busy(), treeCpu(), performance.now()];
  if (b0 === undefined || b1 === undefined || o0 === undefined || o1 === undefined) return { result };
  return { result, otherCores: Math.max(0, (b1 - b0 - (o1 - o0)) / ((t1 - t0) / 1000)) };
}

/** Other processes' CPU (cores) above which absolute figures are flagged as taken under load. */
export const QUIET_CORES = 0.2;

/** How a row or section's absolute figures stand, from `withOtherLoad`'s reading: the flag RESULTS.md prints beside them. */
export function otherLoadNote(otherCores: number | undefined): string {
  if (otherCores === undefined) return "unknown (no /proc/stat)";
  return otherCores > QUIET_CORES
    ? `**${otherCores.toFixed(2)} cores: under load, absolute figures unreliable**`
    : `${otherCores.toFixed(2)} cores (quiet)`;
}

// ---------------------------------------------------------------- processes

export interface Spawned {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a command to completion, timing it from spawn to exit. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - start }));
  });
}

/** The specfirst CLI run through tsx from its TypeScript sources (runtime/cli/main.ts). */
export const CLI_FROM_SOURCES = {
  args: ["--import", "tsx", path.join(ROOT, "runtime", "cli", "main.ts")],
  label: "node --import tsx runtime/cli/main.ts",
};

/** How to run the specfirst CLI: the built one (dist/runtime/cli/main.js, what `bin/specfirst.js` loads) when dist/ exists, else the TypeScript sources through tsx. */
export function cliCommand(): { args: string[]; label: string; note: string } {
  const built = path.join(DIST, "runtime", "cli", "main.js");
  if (existsSync(built)) {
    const stale = staleBuildSources();
    return {
      args: [built],
      label: "node dist/runtime/cli/main.js",
      note:
        stale.length > 0
          ? `dist/ is older than ${stale.length} source(s) of runtime/ or generated/ (built before the latest edits)`
          : "dist/ is up to date with runtime/ and generated/",
    };
  }
  return { ...CLI_FROM_SOURCES, note: "no dist/ build" };
}

// ---------------------------------------------------------------- output

export function table(header: string[], rows: (string | number)[][], align?: ("l" | "r")[]): string {
  const sep = header.map((_h, i) => ((align?.[i] ?? (i === 0 ? "l" : "r")) === "r" ? "---:" : "---"));
  const line = (cells: (string | number)[]) => `| ${cells.map((c) => String(c).replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), `| ${sep.join(" | ")} |`, ...rows.map(line)].join("\n");
}

/** 1234567 → "1,234,567"; 12.345 → "12.3". */
export function fmt(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return String(value);
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const ratio = (value: number, reference: number) => `${(value / reference).toFixed(2)}×`;

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
