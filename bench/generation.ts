/**
 * Section 3 — generation time, as a user runs it (`npm run generate -- … --root <copy>`), on a temporary copy of
 * the project inputs (schemas/, templates/, openapi/, generated/, package.json): a full run (outputs and
 * content-hash cache deleted first), a no-change run, a run after editing one description in
 * schemas/configs/batching.schema.json, `--check`, and watch mode (save → types and validators rewritten).
 * Each row carries its target from docs/performance.md (generation).
 */
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { QUICK, ROOT, fmt, log, median, run, stopGroup, table, type Section } from "./shared.js";

const RUNS = QUICK ? 1 : 3;
const COPIED = ["schemas", "templates", "openapi", "generated", "package.json", "CHANGELOG.md"];
const EDITED = path.join("schemas", "configs", "batching.schema.json");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

interface Report {
  timings?: { stage: string; ms: number; cached?: boolean }[];
  cache?: { hits: number; misses: number };
  written?: { written: string[]; unchanged: string[]; removed: string[] };
  stale?: string[];
}

interface Kind {
  label: string;
  how: string;
  target: string;
  /** Target in ms, for the verdict. */
  targetMs?: number;
  wall: number[];
  reports: Report[];
  failures: string[];
}

type Schema = { description: string; properties: Record<string, unknown> };

/** Polls until every file differs from `before` (or `timeoutMs` passes); resolves with the time it happened. */
async function changed(files: string[], before: Map<string, string>, timeoutMs = 60_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  const done = new Set<string>();
  while (done.size < files.length) {
    for (const file of files) {
      if (done.has(file)) continue;
      const now = await readFile(file, "utf8").catch(() => before.get(file));
      if (now !== before.get(file)) done.add(file);
    }
    if (performance.now() > deadline)
      throw new Error(`timed out waiting for ${files.filter((f) => !done.has(f)).join(", ")}`);
    if (done.size < files.length) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now();
}

export async function runGeneration(): Promise<Section> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specfirst-bench-generate-"));
  const cli = ["run", "--silent", "generate", "--"];
  const kinds: Kind[] = [];
  const once = async (kind: Kind, extra: string[], expectExit = 0) => {
    const result = await run(NPM, [...cli, ...extra, "--json", "--root", tmp]);
    if (result.code !== expectExit) {
      kind.failures.push(
        `exit ${result.code}: ${(result.stderr || result.stdout).trim().split("\n").slice(0, 3).join(" / ")}`,
      );
      return;
    }
    kind.wall.push(result.ms);
    try {
      kind.reports.push(JSON.parse(result.stdout.trim().split("\n").pop() ?? "{}") as Report);
    } catch {
      kind.reports.push({});
    }
  };
  const kind = (label: string, how: string, target: string, targetMs?: number): Kind => {
    const k: Kind = {
      label,
      how,
      target,
      wall: [],
      reports: [],
      failures: [],
      ...(targetMs === undefined ? {} : { targetMs }),
    };
    kinds.push(k);
    return k;
  };
  const npmAlone: number[] = [];
  const nodeAlone: number[] = [];
  const file = path.join(tmp, EDITED);
  try {
    for (const entry of COPIED) await cp(path.join(ROOT, entry), path.join(tmp, entry), { recursive: true });
    const original = await readFile(file, "utf8");
    const schema = JSON.parse(original) as Schema;
    const full = kind(
      "full run",
      "generated/ and the content-hash cache (node_modules/.cache/specfirst of the copy) deleted, then `generate --force`",
      "≤ 6 s",
      6000,
    );
    const noChange = kind("no-change run", "`generate --force` again, nothing edited", "— (≤ 1 s aimed)", 1000);
    const edit = kind(
      "one description edit",
      "one `description` of schemas/configs/batching.schema.json changed (a new text each run), then `generate --force`",
      "≤ 2.5 s",
      2500,
    );
    const check = kind("`--check`", "`generate --check` on the up-to-date copy", "—");
    for (let i = 0; i < RUNS; i++) {
      await rm(path.join(tmp, "generated"), { recursive: true, force: true });
      await rm(path.join(tmp, "node_modules"), { recursive: true, force: true });
      await once(full, ["--force"]);
      log(`generation: full run ${i + 1}/${RUNS}`);
    }
    for (let i = 0; i < RUNS; i++) await once(noChange, ["--force"]);
    log("generation: no-change runs done");
    for (let i = 0; i < RUNS; i++) {
      await writeFile(
        file,
        `${JSON.stringify({ ...schema, description: `${schema.description} (benchmark edit ${i + 1})` }, null, 2)}\n`,
      );
      await once(edit, ["--force"]);
      log(`generation: edit run ${i + 1}/${RUNS}`);
    }
    for (let i = 0; i < RUNS; i++) await once(check, ["--check"]);
    log("generation: --check runs done");
    // The floor of a run as users start it: npm starting a script that does nothing, and an empty Node process.
    for (let i = 0; i < RUNS; i++) {
      npmAlone.push((await run(NPM, ["run", "--silent", "env"], { cwd: tmp })).ms);
      nodeAlone.push((await run(process.execPath, ["-e", "0"])).ms);
    }

    // Watch mode: `npm run generate -- --watch`, then saves; the time from the save (writeFile returned) to the
    // moment the outputs named are all rewritten on disk, the 150 ms debounce included.
    const watchDescription = kind(
      "watch: description edit",
      "with `generate --watch` running, save a new `description` in batching.schema.json; until generated/configs/types.ts is rewritten",
      "≤ 1 s",
      1000,
    );
    const watchRule = kind(
      "watch: rule edit",
      "with `generate --watch` running, save batching.schema.json with one more optional property (a new name each save); until generated/configs/types.ts and validators.compiled.ts (AJV's code) are both rewritten",
      "≤ 1 s",
      1000,
    );
    const watchDocs = kind(
      "watch: rule edit, docs",
      "the same saves; until generated/docs/configs.html is rewritten too (docs may follow)",
      "— (docs may follow)",
    );
    const watcher = spawn(NPM, [...cli, "--watch", "--quiet", "--root", tmp], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let out = "";
    watcher.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    watcher.stderr.setEncoding("utf8").on("data", (d: string) => (out += d));
    try {
      const deadline = performance.now() + 120_000;
      while (!/generated; watching|kept the last good outputs/.test(out)) {
        if (performance.now() > deadline) throw new Error(`watch mode did not start: ${out}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const outputs = (names: string[]) => names.map((name) => path.join(tmp, "generated", name));
      const snapshot = async (files: string[]) =>
        new Map(await Promise.all(files.map(async (f) => [f, await readFile(f, "utf8")] as const)));
      const save = async (kindOf: Kind, next: Schema, waitFor: string[], docs?: Kind) => {
        const before = await snapshot([...waitFor, ...outputs(["docs/configs.html"])]);
        const runs = out.split("watching").length;
        const saved = (await writeFile(file, `${JSON.stringify(next, null, 2)}\n`), performance.now());
        try {
          kindOf.wall.push((await changed(waitFor, before)) - saved);
          if (docs) docs.wall.push((await changed(outputs(["docs/configs.html"]), before)) - saved);
        } catch (error) {
          kindOf.failures.push((error as Error).message);
        }
        // Let the run end (docs included) before the next save.
        const settle = performance.now() + 60_000;
        while (out.split("watching").length === runs && performance.now() < settle)
          await new Promise((resolve) => setTimeout(resolve, 20));
      };
      for (let i = 0; i < RUNS; i++) {
        await save(
          watchDescription,
          { ...schema, description: `${schema.description} (watch edit ${i + 1})` },
          outputs(["configs/types.ts"]),
        );
        log(`generation: watch description edit ${i + 1}/${RUNS}`);
      }
      for (let i = 0; i < RUNS; i++) {
        const next = {
          ...schema,
          properties: { ...schema.properties, [`bench_field_${i + 1}`]: { type: "integer", minimum: i } },
        };
        await save(watchRule, next, outputs(["configs/types.ts", "configs/validators.compiled.ts"]), watchDocs);
        log(`generation: watch rule edit ${i + 1}/${RUNS}`);
      }
    } catch (error) {
      watchDescription.failures.push((error as Error).message);
    } finally {
      if (watcher.pid !== undefined) await stopGroup(watcher.pid);
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }

  const rows = kinds.map((k) => {
    if (k.wall.length === 0) return [k.label, k.how, k.target, "failed", "", "", k.failures[0] ?? ""];
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
    const verdict = k.targetMs === undefined ? "" : m <= k.targetMs ? " ✓" : " ✗";
    return [
      k.label,
      k.how,
      k.target,
      `${fmt(m / 1000, 2)} s${verdict}`,
      `${fmt(Math.min(...k.wall) / 1000, 2)} – ${fmt(Math.max(...k.wall) / 1000, 2)} s`,
      [cache, outcome].filter(Boolean).join("; "),
      (stages || "—") + (k.failures.length > 0 ? ` (${k.failures.length} failed: ${k.failures[0]})` : ""),
    ];
  });
  const body = [
    `What it measures: wall-clock seconds of \`npm run generate -- … --json --root <copy>\` as a user runs it, from spawning npm to its exit (npm's and node's start-up included; \`--json\` in place of \`--quiet\`: same work, plus the run report whose per-stage timings are shown; stages under 50 ms omitted, the emit stages overlap), median of ${RUNS} runs of each kind, on a temporary copy of ${COPIED.join(", ")}. ` +
      "Watch rows: `npm run generate -- --watch --quiet --root <copy>` running; from the save to the moment the named outputs are all rewritten on disk (polled every 5 ms; the 150 ms debounce included). " +
      "Targets of docs/performance.md#targets, for a 2-core machine; ✓/✗ compares the median with the target. " +
      `Reproduce: \`npm run bench -- generation\`, or by hand: copy those five entries into a folder and run \`npm run generate -- --force --root <folder>\`.`,
    "",
    table(["Run", "What", "target", "median", "min – max", "cache / outputs", "stages of the median run (ms)"], rows, [
      "l",
      "l",
      "l",
      "r",
      "r",
      "l",
      "l",
    ]),
  ].join("\n");
  const [npmMs, nodeMs, noChangeMs] = [
    median(npmAlone),
    median(nodeAlone),
    median(kinds.find((k) => k.label === "no-change run")!.wall),
  ];
  const limit =
    `How close to the limit: npm starting a script that does nothing (\`npm run env\`) takes ${fmt(npmMs / 1000, 2)} s and an empty Node process ${fmt(nodeMs / 1000, 2)} s (medians of ${RUNS}); ` +
    `the no-change run, ${fmt(noChangeMs / 1000, 2)} s, is ${fmt((noChangeMs - npmMs - nodeMs) / 1000, 2)} s over their sum: loading the generator, reading and hashing every input, checking every output.`;
  return { title: "3. Generation", body, limit };
}
