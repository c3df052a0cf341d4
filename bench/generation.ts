/**
 * Section 3 — generation time, on a temporary copy of the project inputs (schemas/, templates/, openapi/,
 * generated/, package.json): a full run (outputs and content-hash cache deleted first), a no-change run, a run after
 * editing one description in schemas/configs/batching.schema.json, and `--check`.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { QUICK, ROOT, fmt, log, median, run, table, type Section } from "./shared.js";

const RUNS = QUICK ? 1 : 3;
const COPIED = ["schemas", "templates", "openapi", "generated", "package.json"];
const EDITED = path.join("schemas", "configs", "batching.schema.json");

interface Report {
  timings?: { stage: string; ms: number; cached?: boolean }[];
  cache?: { hits: number; misses: number };
  written?: { written: string[]; unchanged: string[]; removed: string[] };
  stale?: string[];
}

interface Kind {
  label: string;
  how: string;
  wall: number[];
  reports: Report[];
  failures: string[];
}

export async function runGeneration(): Promise<Section> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-generate-"));
  const cli = ["--import", "tsx", path.join(ROOT, "generator", "commands", "cli.ts"), "generate"];
  const kinds: Kind[] = [];
  const once = async (kind: Kind, extra: string[], expectExit = 0) => {
    const result = await run(process.execPath, [...cli, ...extra, "--json", "--root", tmp]);
    if (result.code !== expectExit) {
      kind.failures.push(`exit ${result.code}: ${(result.stderr || result.stdout).trim().split("\n").slice(0, 3).join(" / ")}`);
      return;
    }
    kind.wall.push(result.ms);
    try {
      kind.reports.push(JSON.parse(result.stdout.trim().split("\n").pop() ?? "{}") as Report);
    } catch {
      kind.reports.push({});
    }
  };
  const kind = (label: string, how: string): Kind => {
    const k = { label, how, wall: [], reports: [], failures: [] };
    kinds.push(k);
    return k;
  };
  try {
    for (const entry of COPIED) await cp(path.join(ROOT, entry), path.join(tmp, entry), { recursive: true });
    const full = kind("full run", "generated/ and the content-hash cache (node_modules/.cache/specfirst of the copy) deleted, then `generate --force`");
    const noChange = kind("no-change run", "`generate --force` again, nothing edited");
    const edit = kind("one-schema edit", "one `description` of schemas/configs/batching.schema.json changed (a new text each run), then `generate --force`");
    const check = kind("`--check`", "`generate --check` on the up-to-date copy");
    for (let i = 0; i < RUNS; i++) {
      await rm(path.join(tmp, "generated"), { recursive: true, force: true });
      await rm(path.join(tmp, "node_modules"), { recursive: true, force: true });
      await once(full, ["--force"]);
      log(`generation: full run ${i + 1}/${RUNS}`);
    }
    for (let i = 0; i < RUNS; i++) await once(noChange, ["--force"]);
    log("generation: no-change runs done");
    const file = path.join(tmp, EDITED);
    const original = await readFile(file, "utf8");
    const schema = JSON.parse(original) as { description: string };
    for (let i = 0; i < RUNS; i++) {
      await writeFile(file, `${JSON.stringify({ ...schema, description: `${schema.description} (benchmark edit ${i + 1})` }, null, 2)}\n`);
      await once(edit, ["--force"]);
      log(`generation: edit run ${i + 1}/${RUNS}`);
    }
    for (let i = 0; i < RUNS; i++) await once(check, ["--check"]);
    log("generation: --check runs done");
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }

  const rows = kinds.map((k) => {
    if (k.wall.length === 0) return [k.label, k.how, "failed", "", "", k.failures[0] ?? ""];
    const m = median(k.wall);
    // the report of the run closest to the median
    const index = k.wall.indexOf(k.wall.reduce((best, v) => (Math.abs(v - m) < Math.abs(best - m) ? v : best)));
    const report = k.reports[index] ?? {};
    const stages = (report.timings ?? [])
      .filter((t) => t.ms >= 50 || t.cached)
      .map((t) => `${t.stage} ${fmt(t.ms)}${t.cached ? " (cached)" : ""}`)
      .join(", ");
    const cache = report.cache ? `${report.cache.hits} hit / ${report.cache.misses} miss` : "";
    const outcome = report.written
      ? `${report.written.written.length} written, ${report.written.unchanged.length} unchanged`
      : report.stale
        ? `${report.stale.length} stale`
        : "";
    return [
      k.label,
      k.how,
      `${fmt(m / 1000, 2)} s`,
      `${fmt(Math.min(...k.wall) / 1000, 2)} – ${fmt(Math.max(...k.wall) / 1000, 2)} s`,
      [cache, outcome].filter(Boolean).join("; "),
      (stages || "—") + (k.failures.length > 0 ? ` (${k.failures.length} failed: ${k.failures[0]})` : ""),
    ];
  });
  const body = [
    `What it measures: wall-clock seconds from spawning to the exit of \`node --import tsx generator/cli.ts generate … --json --root <copy>\` (\`--json\` in place of \`--quiet\`: same work, plus the run report whose per-stage timings are shown; stages under 50 ms omitted, the emit stages overlap), median of ${RUNS} runs of each kind, on a temporary copy of ${COPIED.join(", ")} (the tsx start-up, ~0.5 s, is included). ` +
      `Reproduce: \`npm run bench -- generation\`, or by hand: copy those five entries into a folder and run \`node --import tsx generator/cli.ts generate --force --quiet --root <folder>\`.`,
    "",
    table(["Run", "What", "median", "min – max", "cache / outputs", "stages of the median run (ms)"], rows, ["l", "l", "r", "r", "l", "l"]),
  ].join("\n");
  return { title: "3. Generation", body };
}
