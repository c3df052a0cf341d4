import { performance } from "node:perf_hooks";
import { addBanner } from "../format/banner.js";
import type { Cache } from "../write/cache.js";
import type { OutputFile } from "../write/output-file.js";
import type { BuiltDocument } from "../emit/openapi.js";
import { contractStage } from "./contract.js";
import { STAGE_LIST } from "./registry.js";
import { WORKERS } from "./threads.js";
import {
  cacheKey,
  declares,
  type ApiStageContext,
  type PrintedContract,
  type Reads,
  type ReadValues,
  type RunInputs,
  type Stage,
  type StageContext,
  type StageKeys,
  type StageResult,
} from "./stage.js";

export interface StageTiming {
  stage: string;
  ms: number;
  /** The stage's result came from the content-hash cache. */
  cached?: boolean;
}

export interface StageRunOptions {
  cache: Cache;
  timed: <T>(stage: string, run: () => T | Promise<T>) => Promise<T>;
  timings: StageTiming[];
  compiledValidators: string[];
  signal: AbortSignal;
}

/**
 * The outputs of a run, formatted and with their banners: the late stages' (Redoc, the slowest) apart, so they can
 * be written last; they are started by the call of `late()` (in watch mode, once the other outputs are written: the
 * types and validators do not share the machine's two cores with Redoc).
 */
export interface Produced {
  main: Promise<OutputFile[]>;
  late: () => Promise<OutputFile[]>;
  /** The paths the late stages write for these APIs (checked before the first write, never taken for orphans). */
  latePaths: string[];
}

type AnyStage = Stage<StageKeys, StageResult>;
/** The front stage every other stage reads (`StageContext.contract`). */
const CONTRACT: AnyStage = contractStage;

/** Starts loading the stages' libraries: those that load when a run starts, or (`watch`) every one. */
export function preloadStages(when: "run" | "watch", stages: readonly AnyStage[] = STAGE_LIST): void {
  for (const stage of stages) {
    const preload = stage.preload;
    if (preload === undefined || (when === "run" && preload.when !== "run")) continue;
    if (typeof preload.load === "function")
      preload.load().catch(() => undefined); // a failure shows again where the stage imports it
    else if (stage.thread !== "main") WORKERS[stage.thread].preload(preload.load);
  }
}

/** A file a stage wrote must be one of the kinds it declares (each with its banner style). */
function checkDeclared(stage: AnyStage, files: readonly OutputFile[], apis: readonly string[]): void {
  for (const file of files) {
    if (!stage.outputs.some((declaration) => declares(declaration, file.path, apis))) {
      throw new Error(
        `stage "${stage.name}" wrote ${file.path}, which none of its outputs declares (generator/stages/registry.ts); declare it in the stage's outputs`,
      );
    }
  }
}

/** No two outputs may share a path (an API named `index` would write over the docs index): refused, naming both. */
function refuseSharedPaths(paths: readonly string[]): void {
  const seen = new Set<string>();
  for (const file of paths) {
    if (seen.has(file))
      throw new Error(
        `${file} is written twice in one run (two stages, or two APIs, produce it); rename the API or the output`,
      );
    seen.add(file);
  }
}

/**
 * Runs every stage of the registry (`stages`: a test runs others): each once its `after` stages (and the contract) are done, timed on its own
 * (`cached` when none of its cache entries was computed), memoised by the content hash of exactly the inputs its
 * cache entries declare, so an edit recomputes only what depends on it. Each stage's library is imported only when
 * one of its results is not in the cache; the threads that read the built documents start loading at once (nearly
 * every run that computes anything changes a document).
 */
export function runStages(
  inputs: RunInputs,
  options: StageRunOptions,
  stages: readonly AnyStage[] = STAGE_LIST,
): Produced {
  const { cache, timed, timings, signal } = options;
  const apis = inputs.sources.map((source) => source.api).sort();
  preloadStages("run", stages);
  const started = new Map<AnyStage, Promise<StageResult[]>>();
  const start = (stage: AnyStage): Promise<StageResult[]> => {
    let results = started.get(stage);
    if (results === undefined) {
      results = execute(stage);
      results.catch(() => undefined); // rejects before it is awaited when another stage fails first
      started.set(stage, results);
    }
    return results;
  };
  const contract = async () => ((await start(CONTRACT))[0] as StageResult & { contract: PrintedContract }).contract;

  async function execute(stage: AnyStage): Promise<StageResult[]> {
    await Promise.all([...(stage === CONTRACT ? [] : [CONTRACT]), ...stage.after].map(start));
    let computed = false;
    const tracked =
      <T>(compute: () => Promise<T> | T) =>
      () => ((computed = true), compute());
    const keyOf = (entry: string, values: ReadValues<Reads>) => {
      const reads = stage.keys[entry];
      if (reads === undefined)
        throw new Error(`stage "${stage.name}" stores the cache entry "${entry}", which its \`keys\` do not declare`);
      return cacheKey(reads, values);
    };
    const context: StageContext<StageKeys> = {
      inputs,
      apis,
      contract,
      resultsOf: async <R extends StageResult>(other: Stage<StageKeys, R>) => {
        const dependency = other as AnyStage;
        if (dependency !== CONTRACT && !stage.after.includes(dependency))
          throw new Error(
            `stage "${stage.name}" reads the results of "${other.name}", which its \`after\` does not list`,
          );
        return (await start(dependency)) as R[];
      },
      memo: (entry, values, compute) => cache.memo(entry, keyOf(entry, values), tracked(compute)),
      memoJson: (entry, values, compute) => cache.memoJson(entry, keyOf(entry, values), tracked(compute)),
      call: (task, args) => {
        if (stage.thread === "main")
          throw new Error(`stage "${stage.name}" runs on the main thread: declare its worker thread to run ${task}`);
        return WORKERS[stage.thread].call(task, args, signal);
      },
      timed,
      compiledValidators: options.compiledValidators,
    };
    const begin = performance.now();
    let results: StageResult[];
    if (stage.scope === "api") {
      const { documents } = await contract();
      const document = (api: string) => documents.find((d) => d.api === api) as BuiltDocument;
      results = await Promise.all(
        apis.map((api) => stage.run({ ...context, api, document: document(api) } satisfies ApiStageContext<StageKeys>)),
      );
    } else {
      results = [await stage.run(context)];
    }
    const cached = Object.keys(stage.keys).length > 0 && !computed; // a stage that caches nothing computes every time
    timings.push({ stage: stage.name, ms: performance.now() - begin, ...(cached ? { cached: true } : {}) });
    for (const result of results) checkDeclared(stage, result.files, apis);
    return results;
  }

  const filesOf = async (stages: readonly AnyStage[]) =>
    (await Promise.all(stages.map(start))).flatMap((results) => results.flatMap((result) => result.files));
  const format = async (files: OutputFile[]) => {
    const { formatOutputs } = await import("../format/prettier.js");
    return formatOutputs(files, {
      get: async (text, parser) => {
        const stored = await cache.peek("format", [parser, text]);
        if (stored === undefined) cache.misses++;
        else cache.hits++;
        return stored;
      },
      set: (text, parser, formatted) => cache.store("format", [parser, text], formatted),
    });
  };
  const lateStages = stages.filter((stage) => stage.late);
  const latePaths = lateStages.flatMap((stage) =>
    stage.outputs.flatMap((declaration) => declaration.paths?.(apis) ?? []),
  );
  const main = (async () => {
    const files = await filesOf(stages.filter((stage) => !stage.late));
    refuseSharedPaths([...files.map((file) => file.path), ...latePaths]);
    // Each piece of each file's text is cached: prettier runs only on text that changed, in one call.
    return (await timed("format", () => format(files))).map(addBanner);
  })();
  main.catch(() => undefined); // it may reject before it is awaited (a broken input found while the caller waits for something else)
  return {
    main,
    late: async () => (await format(await filesOf(lateStages))).map(addBanner),
    latePaths,
  };
}
