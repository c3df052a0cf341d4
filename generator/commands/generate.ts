import { setMaxListeners } from "node:events";
import { performance } from "node:perf_hooks";
import { loadSchemas } from "../load/schemas.js";
import { loadTemplates } from "../load/templates.js";
import { parseOpenApiSources, readOpenApiFiles } from "../load/openapi-sources.js";
import { openCache } from "../write/cache.js";
import { findStale, writeOutputs, type WriteReport } from "../write/outputs.js";
import type { OutputFile } from "../write/output-file.js";
import { CHANGELOG_FILE, readChangelog } from "../emit/docs-pages.js";
import { readPackageVersion } from "../model/contract.js";
import { preloadStages as preloadStageLibraries, runStages, type StageTiming } from "../stages/run.js";

export type { StageTiming } from "../stages/run.js";

export interface GenerateResult {
  timings: StageTiming[];
  outputs: string[];
  cache: { hits: number; misses: number };
  /** The validator units (`<api>/<schema>`, `configs/config-lenient`) this run compiled with AJV; the others came from the cache. */
  compiledValidators: string[];
  /** `--check`: the files that differ from what the schemas produce. */
  stale?: string[];
  /** A normal run: what was written, left alone and removed. */
  written?: WriteReport;
}

export interface GenerateOptions {
  root: string;
  check?: boolean;
  force?: boolean;
  /** Use the content-hash cache (default true). */
  cache?: boolean;
  /**
   * Write the late stages' outputs (the Redoc pages) last: every other output is written as soon as it is ready and
   * reported here (with the milliseconds since the run started), then the docs follow. Watch mode uses it so types
   * and validators appear without waiting for Redoc. Without it, everything is written together.
   */
  early?: (report: WriteReport, ms: number) => void;
}

/**
 * Starts loading every stage's library now, in the worker threads and in this one (and prettier, which formats the
 * outputs): watch mode, so that the first edit does not wait for them.
 */
export function preloadStages(): void {
  preloadStageLibraries("watch");
  import("prettier").catch(() => undefined); // a failure shows again where the format step imports it
}

/**
 * The whole pipeline: load inputs → the stages of generator/stages/registry.ts (the contract: check schemas →
 * schema graph → OpenAPI documents; then the emitters, each once what it reads is ready) → format → banner → write
 * atomically, or with `check` compare with the disk and write nothing. When every input (CHANGELOG.md included) is
 * byte-identical to a run the cache remembers, its outputs are reused without running any stage. With `early`, the
 * late stages' outputs (the Redoc pages) are written after the others.
 * Throws `GenerationFailed` on a broken input, before anything is written.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const timings: StageTiming[] = [];
  const compiledValidators: string[] = [];
  const timed = async <T>(stage: string, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await run();
    timings.push({ stage, ms: performance.now() - start });
    return result;
  };
  const cache = await openCache(options.root, { enabled: options.cache ?? true });
  // The OpenAPI sources are parsed (YAML) only when the run is not answered from the cache.
  const [files, templates, openApiFiles, version, changelog] = await timed("load inputs", () =>
    Promise.all([
      loadSchemas(options.root),
      loadTemplates(options.root),
      readOpenApiFiles(options.root),
      readPackageVersion(options.root),
      readChangelog(options.root),
    ]),
  );
  const runInputs = [
    version,
    changelog === undefined ? "no changelog" : `${CHANGELOG_FILE}\n${changelog}`,
    ...files.map((file) => `${file.file}\n${file.text}`),
    ...[...templates.sources].map(([name, text]) => `${name}\n${text}`),
    ...[...openApiFiles].map(([file, text]) => `${file}\n${text}`),
  ];
  const remembered = await cache.peekJson<{ outputs: OutputFile[]; stages: string[] }>("run", runInputs);
  let outputs = remembered?.outputs;
  let written: WriteReport | undefined;
  if (outputs === undefined) {
    const sources = await timed("parse openapi sources", () =>
      cache.memoJson(
        "sources",
        [...openApiFiles].map(([file, text]) => `${file}\n${text}`),
        () => parseOpenApiSources(openApiFiles),
      ),
    );
    const stop = new AbortController();
    // Every call to a worker thread listens for it: one per validator unit AJV compiles (a hundred from scratch).
    setMaxListeners(Infinity, stop.signal);
    const produced = runStages(
      { files, templates, sources, openApiFiles, version, changelog },
      { cache, timed, timings, compiledValidators, signal: stop.signal },
    );
    try {
      if (options.early !== undefined && !options.check) {
        // The other outputs first, then the late ones: Redoc is the slowest stage, and in watch mode the types and
        // validators should not wait for it. Both writes refuse, before the first writes anything, to overwrite a
        // file edited by hand.
        const main = await produced.main;
        const early = await timed("write", () =>
          writeOutputs(options.root, main, { force: options.force ?? false, later: produced.latePaths }),
        );
        options.early(early, performance.now() - started);
        const docs = await produced.late();
        const rest = await timed("write docs", () =>
          writeOutputs(options.root, docs, { force: options.force ?? false, rest: true }),
        );
        written = {
          written: [...early.written, ...rest.written],
          unchanged: [...early.unchanged, ...rest.unchanged],
          removed: early.removed,
        };
        outputs = [...main, ...docs];
      } else {
        const [main, docs] = await Promise.all([produced.main, produced.late()]);
        outputs = [...main, ...docs];
      }
    } catch (error) {
      stop.abort(); // a docs page still being rendered is of no use now
      throw error;
    }
    await cache.storeJson("run", runInputs, { outputs, stages: cache.used() });
  } else {
    cache.keep(remembered?.stages ?? []);
    cache.hits++;
    timings.push({ stage: "all stages", ms: 0, cached: true });
  }
  const paths = outputs.map((o) => o.path);
  const done = async (
    result: Omit<GenerateResult, "timings" | "outputs" | "cache" | "compiledValidators">,
  ): Promise<GenerateResult> => {
    await cache.prune();
    return {
      timings,
      outputs: paths,
      cache: { hits: cache.hits, misses: cache.misses },
      compiledValidators: compiledValidators.sort(),
      ...result,
    };
  };
  const final = outputs;
  if (options.check) return done({ stale: await timed("check outputs", () => findStale(options.root, final)) });
  return done({
    written:
      written ?? (await timed("write", () => writeOutputs(options.root, final, { force: options.force ?? false }))),
  });
}
