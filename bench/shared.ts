/** Helpers of the bench sections: paths, payloads, timing, the load meter, child processes and tables. */
import { spawn, spawnSync } from "node:child_process";
import { register } from "node:module";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.dirname(BENCH_DIR);
/** The compiled package (`npm run build`): what a consumer imports, and what every section measures. */
export const DIST = path.join(ROOT, "dist");

// `?instance=<key>` on a dist/ module reaches the dist/ modules it imports (see bench/instance-hooks.mjs).
register(pathToFileURL(path.join(BENCH_DIR, "instance-hooks.mjs")).href, import.meta.url);

/** `npm run bench -- --quick`: shorter timings, to check that the suite runs. */
export const QUICK = process.argv.includes("--quick");

export type Check = (data: unknown) => boolean;
export type Call = (data: unknown) => unknown;

/**
 * `(data) => <body>` with `scope` bound, compiled afresh (`new Function`): its call sites see one target each, as in
 * an application, and one timed instance's type feedback cannot speed up or slow down another's.
 */
export const fresh = <F extends Call = Call>(body: string, scope: Record<string, unknown>): F =>
  (new Function(...Object.keys(scope), `return (data) => ${body};`) as (...values: unknown[]) => F)(
    ...Object.values(scope),
  );

export interface Section {
  title: string;
  /** Markdown printed whatever the machine's load: ratios, instruction counts. */
  ratios?: string;
  /** Markdown of absolute figures, printed only when the section ran quiet. */
  body?: string;
}

// ---------------------------------------------------------------- payloads and validators

const PAYLOADS = ["message-text", "message-select", "message-media-link", "notification-failed", "config-large"];
const INVALID_PAYLOADS = ["message-invalid", "notification-invalid", "config-invalid", "config-invalid-nested"];

/** bench/payloads/<name>.json; a name starts with its validator's name, and says `invalid` when the payload is. */
export const loadPayloads = () =>
  [...PAYLOADS, ...INVALID_PAYLOADS].map((name) => ({
    name,
    schema: name.split("-")[0]!,
    valid: !name.includes("invalid"),
    data: JSON.parse(readFileSync(path.join(BENCH_DIR, "payloads", `${name}.json`), "utf8")) as unknown,
  }));
export type Payload = ReturnType<typeof loadPayloads>[number];

/** Runs `npm run build` when a source of runtime/ or generated/ is newer than dist/'s bundle (written last). */
export function ensureBuilt(): string {
  const bundle = path.join(DIST, "bundle", "validators.js");
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const stale = ["runtime", "generated"].some((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" }).some(
      (file) => file.endsWith(".ts") && statSync(path.join(ROOT, dir, file)).mtimeMs > built,
    ),
  );
  if (!stale) return "dist/ up to date";
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm run build failed: ${`${result.stdout}${result.stderr}`.slice(0, 500)}`);
  return "dist/ built with `npm run build`";
}

/** A file URL of dist/<relative>; a distinct `instance` gives a fresh copy of it and of the dist/ modules it imports. */
export const distUrl = (relative: string, instance?: string): string =>
  pathToFileURL(path.join(DIST, relative)).href +
  (instance === undefined ? "" : `?instance=${encodeURIComponent(instance)}`);

/** `specfirst/validators` (dist/generated/validators.js), a fresh instance per `instance`. */
export const loadGenerated = async (instance?: string) =>
  (await import(distUrl("generated/validators.js", instance))) as { validate(name: string, data: unknown): unknown };

/** The shipped schema files, generated/schemas/<api>/*.schema.json (`specfirst/schemas/*`). */
export function readSchemas(): { name: string; api: string; schema: Record<string, unknown> }[] {
  return ["configs", "messaging"].flatMap((api) => {
    const dir = path.join(ROOT, "generated", "schemas", api);
    return readdirSync(dir)
      .filter((file) => file.endsWith(".schema.json"))
      .sort()
      .map((file) => ({
        name: file.replace(/\.schema\.json$/, ""),
        api,
        schema: JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>,
      }));
  });
}

// ---------------------------------------------------------------- statistics

export const median = (values: number[]): number => quantile(values, 0.5);

/** The value below which a share `q` of the values lie, interpolated between the two nearest (0.5: the median). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

// ---------------------------------------------------------------- the load meter

/** CPU seconds of a process (Linux /proc/<pid>/stat): its own, and its children's that it waited for. */
export function cpuSeconds(pid: number | "self" = "self"): { own: number; children: number } | undefined {
  if (!existsSync(`/proc/${pid}/stat`)) return undefined;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // fields 14–17 (utime, stime, cutime, cstime), counted after the command name, which may hold spaces and ")"
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
  return { own: (utime + stime) / 100, children: (cutime + cstime) / 100 };
}

/** Other processes' CPU (cores) above which a section's absolute figures are left out of RESULTS.md. */
export const QUIET_CORES = 0.2;

/**
 * The cores the rest of the machine used while `work` ran: every CPU's busy time (/proc/stat) minus this process's
 * and that of the children it waited for (each section waits for the processes it starts). Undefined off Linux.
 */
export async function withOtherLoad<T>(work: () => Promise<T>): Promise<{ result: T; otherCores?: number }> {
  const busy = () => {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return (user + nice + system + irq + softirq + steal) / 100;
  };
  const tree = (cpu = cpuSeconds()) => cpu && cpu.own + cpu.children;
  const [busy0, tree0, start] = [existsSync("/proc/stat") ? busy() : undefined, tree(), performance.now()];
  const result = await work();
  const [tree1, seconds] = [tree(), (performance.now() - start) / 1000];
  if (busy0 === undefined || tree0 === undefined || tree1 === undefined) return { result };
  return { result, otherCores: Math.max(0, (busy() - busy0 - (tree1 - tree0)) / seconds) };
}

// ---------------------------------------------------------------- processes

/** Runs a command to completion, timing it from spawn to exit. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env });
    let [stdout, stderr] = ["", ""];
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - start }));
  });
}

/** Starts a server script of bench/ that prints its port first; `stop` kills it and waits for its exit. */
export async function startServer(script: string, args: string[] = []) {
  const child = spawn(process.execPath, [path.join(BENCH_DIR, script), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    port: Number(first.value),
    pid: child.pid!,
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

/**
 * Instructions of the main thread of `node --predictable <args>` (callgrind; PATH the only environment variable,
 * since the environment moves the count): the same on every run to within a few thousand, whatever the load.
 * Undefined when valgrind is not installed or the run fails.
 */
export async function instructions(args: string[]): Promise<number | undefined> {
  if (spawnSync("valgrind", ["--version"]).status !== 0) return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-callgrind-"));
  try {
    const out = path.join(dir, "callgrind.out");
    const valgrind = ["--tool=callgrind", "--separate-threads=yes", `--callgrind-out-file=${out}`];
    const result = await run("valgrind", [...valgrind, process.execPath, "--predictable", ...args], {
      env: { PATH: process.env.PATH },
    });
    const summary = result.code === 0 ? /^summary: (\d+)$/m.exec(await readFile(`${out}-01`, "utf8")) : null;
    return summary === null ? undefined : Number(summary[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- output

/** A markdown table; `align` has an `l` or `r` per column (by default the first left, the others right). */
export function table(
  header: string[],
  rows: (string | number)[][],
  align = `l${"r".repeat(header.length - 1)}`,
): string {
  const line = (cells: (string | number)[]) => `| ${cells.map((c) => String(c).replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(header.map((_h, i) => (align[i] === "r" ? "---:" : "---"))), ...rows.map(line)].join("\n");
}

/** 1234567 → "1,234,567"; fmt(12.345, 1) → "12.3". */
export const fmt = (value: number, digits = 0): string =>
  Number.isFinite(value)
    ? value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : String(value);

export const log = (message: string): void => void process.stderr.write(`[bench] ${message}\n`);
