import { setMaxListeners } from "node:events";
import { performance } from "node:perf_hooks";
import { loadSchemas, type SchemaFile } from "../load/schemas.js";
import { loadTemplates, type Templates } from "../load/templates.js";
import { parseOpenApiSources, readOpenApiFiles, type OpenApiSource } from "../load/openapi-sources.js";
import { addBanner } from "../format/banner.js";
import { hashOf, openCache, type Cache } from "../write/cache.js";
import { findStale, writeOutputs, type WriteReport } from "../write/outputs.js";
import type { OutputFile } from "../write/output-file.js";
import type { BuiltDocument } from "../emit/openapi.js";
import type { SchemaGraph } from "../model/schema-graph.js";
import { apiOutput } from "../model/output-paths.js";
import { CHANGELOG_FILE, emitChangelogPage, emitDocsIndex, indexEntry, readChangelog } from "../emit/docs-pages.js";
import { validatorFunctionName } from "../model/names.js";
import { GenerationFailed } from "../problems.js";
import type { ValidationError } from "../../runtime/validation/result.js";
import { StageWorker } from "../workers/stage-worker.js";
import { readPackageVersion } from "../model/contract.js";

export interface StageTiming {
  stage: string;
  ms: number;
  /** The stage's result came from the content-hash cache. */
  cached?: boolean;
}

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
   * Write the docs pages last: every other output is written as soon as it is ready and reported here (with the
   * milliseconds since the run started), then the docs follow. Watch mode uses it so types and validators appear
   * without waiting for Redoc. Without it, everything is written together.
   */
  early?: (report: WriteReport, ms: number) => void;
}

interface Inputs {
  files: SchemaFile[];
  templates: Templates;
  sources: OpenApiSource[];
  /** Every file under openapi/ by path (the sources and their example files), to locate an invalid example. */
  openApiFiles: ReadonlyMap<string, string>;
  version: string;
  /** CHANGELOG.md (undefined when absent), rendered to the changelog page. */
  changelog: string | undefined;
}

type Timed = <T>(stage: string, run: () => T | Promise<T>) => Promise<T>;

/**
 * The outputs of a run: the docs pages (Redoc, the slowest stage) apart, so they can be written last; they are
 * rendered from the call of `docs()` on (in watch mode, once the other outputs are written: the types and
 * validators do not share the machine's two cores with Redoc).
 */
interface Produced {
  main: Promise<OutputFile[]>;
  docs: () => Promise<OutputFile[]>;
}

/**
 * The worker threads of the slowest stages (generator/workers/), so they use the machine's second core: Redoc
 * (React's production build: the same page, rendered faster), openapi-typescript (TypeScript) and AJV's compiler.
 * They live as long as the process, so watch mode loads their libraries once.
 */
const workers = {
  docs: new StageWorker("docs", { NODE_ENV: "production", REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" }),
  pathTypes: new StageWorker("path types"),
  validators: new StageWorker("validators"),
};

/** The threads that read the built documents start loading their libraries. */
function preloadDocumentReaders(): void {
  workers.docs.preload("emit/docs.js", "preloadDocs");
  workers.pathTypes.preload("emit/path-types.js", "preloadPathTypes");
}

/**
 * Starts loading every stage's library now, in the worker threads and in this one (json-schema-to-typescript,
 * prettier): watch mode, so that the first edit does not wait for them.
 */
export function preloadStages(): void {
  preloadDocumentReaders();
  workers.validators.preload("emit/validators/compile-unit.js", "preloadValidators");
  Promise.all([import("json-schema-to-typescript"), import("prettier")]).catch(() => undefined); // a failure shows again where the stage imports it
}

/**
 * Every output, from checked inputs. Each stage runs per API and is memoised by the content hash of exactly what it
 * reads, so an edit recomputes only what depends on it:
 * - check: each schema file's own checks by the file with its descriptions emptied;
 * - OpenAPI documents: each YAML piece (the document without its schemas, each schema component) by its value;
 * - types: the API's schema texts; inside, each schema's json-schema-to-typescript code by its typing schema;
 * - validators: `validators.ts` by the view of its template (pattern hints quote descriptions); AJV's code of each
 *   schema by what AJV compiles for it (emit/validators/units.ts: annotations dropped, other files' validators called
 *   by name), so a description edit compiles nothing and a rule edit compiles the schemas whose code it changes;
 * - example check (an invalid example fails the run): the verdicts by the API's compiled validators module and the
 *   examples' values, so a description edit checks nothing again;
 * - OpenAPI path types and docs: the built document of the API;
 * - clients: the API model read from the document (operations, security, declarations) and the dispatch tables;
 * - entry points: the list of APIs with their guards and client extras;
 * - docs index and changelog page: each document's `info`; CHANGELOG.md;
 * - format: each piece of each file's text (prettier runs only on text that changed, in one call).
 * Each stage's library is imported only when one of its results is not in the cache, so a run that changes little
 * loads little; the exceptions are the threads that read the built documents (Redoc, openapi-typescript), which
 * start loading when the run starts: nearly every run that computes anything changes a document. The slowest
 * stages run in worker threads, using the second core.
 */
function produceOutputs(inputs: Inputs, cache: Cache, timed: Timed, timings: StageTiming[], compiledValidators: string[], signal: AbortSignal): Produced {
  const { templates, sources } = inputs;
  // A run that computes anything nearly always changes a built document: the threads that read it load their
  // libraries (a second or so) on the other core meanwhile.
  preloadDocumentReaders();
  const prepared = (async () => {
    const { buildContract } = await import("../model/contract.js");
    // Each file's own checks are cached by the part of it they read (a description edit finds them cached); each
    // piece of a document's YAML by its value (an edit reprints the components it changed).
    return buildContract(inputs, {
      timed,
      checkAlone: async (schema) => {
        const { checkSchemaAlone, checkedPart } = await import("../model/check-schemas.js");
        return cache.memoJson("check", [JSON.stringify(checkedPart(schema))], () => checkSchemaAlone(schema));
      },
      print: async (value) => cache.memo("yaml", [JSON.stringify(value)], async () => (await import("../emit/openapi.js")).printYaml(value)),
    });
  })();
  // Cache keys read the hand-written texts (the expansion is a function of them).
  const files = inputs.files;
  const templateText = (prefix: string) => [...templates.sources].filter(([name]) => name.startsWith(prefix)).map(([name, text]) => `${name}\n${text}`);

  // Each stage runs once per API, concurrently, timed on its own; `cached` when none of its results was computed.
  const stage = async <T>(name: string, run: (track: Cache) => Promise<T>) => {
    let computed = false;
    const tracking: Cache = { ...cache, memoJson: (s, i, compute) => cache.memoJson(s, i, () => ((computed = true), compute())), memo: (s, i, compute) => cache.memo(s, i, () => ((computed = true), compute())) };
    const start = performance.now();
    const result = await run(tracking);
    timings.push({ stage: name, ms: performance.now() - start, ...(computed ? {} : { cached: true }) });
    return result;
  };
  const apis = sources.map((source) => source.api).sort();
  const schemaTexts = (api: string) => files.filter((file) => file.api === api).map((file) => `${file.file}\n${file.text}`);
  const schemaNames = new Map(files.map((file) => [String(file.schema.title), file.name]));
  const perApi = async <T>(name: string, compute: (api: string, document: BuiltDocument, graph: SchemaGraph, track: Cache) => Promise<T>) => {
    const { graph, documents } = await prepared;
    return stage(name, (track) => Promise.all(apis.map((api) => compute(api, documents.find((d) => d.api === api) as BuiltDocument, graph, track))));
  };
  const format = async (emitted: OutputFile[]) => {
    const { formatOutputs } = await import("../format/prettier.js");
    return formatOutputs(emitted, {
      get: async (text, parser) => {
        const stored = await cache.peek("format", [parser, text]);
        if (stored === undefined) cache.misses++;
        else cache.hits++;
        return stored;
      },
      set: (text, parser, formatted) => cache.store("format", [parser, text], formatted),
    });
  };

  // The docs index (each document's info) and the changelog page, each cached by what it reads.
  const emitDocsPages = (documents: BuiltDocument[], changelog: string | undefined) => {
    const entries = documents.map((d) => indexEntry(d.api, d.document));
    return Promise.all([
      cache.memoJson("docs-index", [JSON.stringify(entries)], () => emitDocsIndex(entries)),
      cache.memoJson("changelog-page", changelog === undefined ? [] : [changelog], () => emitChangelogPage(changelog)),
    ]);
  };
  const docs = () =>
    perApi("emit docs", (api, document, _g, c) => c.memoJson("docs", [api, document.file.contents], () => workers.docs.call<OutputFile>("emit/docs.js", "emitDocs", [api, document.file.contents], signal)));
  const emittedValidators = perApi("emit validators", async (api, document, graph, c) => {
    const { readVariants } = await import("../model/api-model.js");
    const variants = readVariants(document.document);
    const { emitValidators, planValidatorUnits, compiledValidatorsModule, unitsFailure } = await import("../emit/validators/index.js");
    const input = { api, graph, variants, templates };
    // Each unit (a schema, or a variant twin) by what AJV compiles for it: a rule edit recompiles the units it changes.
    const settled = await Promise.allSettled(
      planValidatorUnits(input).map(({ unit, files }) =>
        c.memo("validator-unit", [JSON.stringify(unit)], () => {
          compiledValidators.push(`${api}/${unit.name}`);
          return workers.validators.call<string>("emit/validators/compile-unit.js", "compileValidatorUnit", [unit, files], signal);
        }),
      ),
    );
    const failures = settled.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
    if (failures.length > 0) throw unitsFailure(failures);
    const compiled = compiledValidatorsModule(api, settled.map((result) => (result as PromiseFulfilledResult<string>).value), templates);
    return emitValidators({ ...input, compiled }, (view) => c.memo("validators", [api, JSON.stringify(view), ...templateText("api/validators.ts")], () => templates.render("api/validators.ts.hbs", view)));
  });
  // Every example against its schema, as soon as the validators it is checked by are compiled.
  const checkedExamples = emittedValidators.then(async (validators) => {
    const problems = await perApi("check examples", async (api, _d, graph, c) => {
      const { planExampleChecks, exampleProblems } = await import("../model/examples.js");
      const source = sources.find((s) => s.api === api) as OpenApiSource;
      const expanded = graph.files.filter((file) => file.api === api);
      const plan = planExampleChecks({ source, files: files.filter((file) => file.api === api), expanded, texts: inputs.openApiFiles, validatorOf: (file) => validatorFunctionName(file.name) });
      const compiled = validators[apis.indexOf(api)]?.files.find((file) => file.path === apiOutput.compiledValidators(api)) as OutputFile;
      const module = hashOf([compiled.contents]);
      const [byValidator, byAjv] = await Promise.all([
        c.memoJson("examples", [api, module, JSON.stringify(plan.checks.byValidator)], () =>
          workers.validators.call<(ValidationError[] | null)[]>("emit/validators/check-examples.js", "checkByValidators", [compiled.contents, compiled.path, plan.checks.byValidator], signal),
        ),
        c.memoJson("schema-examples", [api, module, JSON.stringify(plan.checks.byAjv)], () =>
          workers.validators.call<(ValidationError[] | null)[]>("emit/validators/check-examples.js", "checkByAjv", [expanded.map((file) => file.schema), plan.checks.byAjv], signal),
        ),
      ]);
      return exampleProblems(plan, [...byValidator, ...byAjv]);
    });
    // Every API's invalid examples at once.
    if (problems.flat().length > 0) throw new GenerationFailed(problems.flat());
  });
  const main = (async () => {
    const [types, validators, paths, clients] = await Promise.all([
      perApi("emit types", (api, _d, graph, c) =>
        c.memoJson("types", [api, ...schemaTexts(api)], async () => {
          const { emitTypes, compileTypes } = await import("../emit/types.js");
          return emitTypes(graph, api, (schema, name) => c.memo("type", [name, JSON.stringify(schema)], () => compileTypes(schema, name)));
        }),
      ),
      emittedValidators,
      perApi("emit path types", (api, document, _g, c) =>
        c.memoJson("path-types", [api, document.file.contents], () => workers.pathTypes.call<OutputFile>("emit/path-types.js", "emitPathTypes", [api, document.document], signal)),
      ),
      perApi("emit clients", async (api, document, graph, c) => {
        const [{ readApiModel }, { findDispatchTables }] = await Promise.all([import("../model/api-model.js"), import("../model/dispatch-tables.js")]);
        // Read every time (it reports a broken declaration even when the outputs are cached); cheap.
        const model = readApiModel(api, `openapi/${api}.source.yaml`, document.document, schemaNames);
        const dispatch = new Map(graph.files.filter((file) => file.api === api).flatMap((file) => findDispatchTables(graph, file).map((table) => [String(file.schema.title), table] as const)));
        const dispatchKey = [...dispatch].map(([title, table]) => [title, table.field, table.discriminator, table.cases.map((c) => [c.value, c.target.name])]);
        const { file, extras } = await c.memoJson("clients", [api, JSON.stringify(model), JSON.stringify(dispatchKey), ...templateText("api/client")], async () => {
          const { emitClient } = await import("../emit/client/index.js");
          return emitClient({ model, dispatch, templates });
        });
        return { file, extras, messagingHelpers: model.commands.length > 0 || model.webhooks.some((webhook) => webhook.acknowledge !== null) };
      }),
      checkedExamples,
    ]);
    const { documents, files: expanded } = await prepared;
    const [{ emitEntryPoints }, { emitSchemas }] = await Promise.all([import("../emit/entry-points.js"), import("../emit/schemas.js")]);
    const entryApis = apis.map((api, index) => ({
      api,
      guards: validators[index]?.guards ?? [],
      extras: clients[index]?.extras ?? { planLimits: false, commands: false, webhooks: false, receivedTypes: [] },
      messagingHelpers: clients[index]?.messagingHelpers ?? false,
    }));
    const entryPoints = await timed("emit entry points", () =>
      cache.memoJson("entry-points", [JSON.stringify(entryApis), ...templateText("aggregate/"), ...templateText("api/index")], () => emitEntryPoints(entryApis, templates)),
    );
    const docsPages = await timed("emit docs pages", () => emitDocsPages(documents, inputs.changelog));
    const emitted: OutputFile[] = [...emitSchemas(expanded), ...documents.map((d) => d.file), ...docsPages, ...types, ...validators.flatMap((v) => v.files), ...paths, ...clients.map((c) => c.file), ...entryPoints];
    return (await timed("format", () => format(emitted))).map(addBanner);
  })();
  // It may reject before it is awaited (a broken input found while the caller waits for something else).
  main.catch(() => undefined);
  return { main, docs: async () => (await docs()).map(addBanner) };
}

/**
 * The whole pipeline: load inputs → (check schemas → schema graph → emit OpenAPI → emit types, validators, path
 * types, clients, docs, docs index and changelog page → entry points → format → banner) → write atomically, or with
 * `check` compare with the disk and write nothing. When every input (CHANGELOG.md included) is byte-identical to a
 * run the cache remembers, its outputs are reused without running any stage. With `early`, the Redoc pages are
 * written after the other outputs.
 * Throws `GenerationFailed` on a broken input, before anything is written.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const timings: StageTiming[] = [];
  const compiledValidators: string[] = [];
  const timed: Timed = async (stage, run) => {
    const start = performance.now();
    const result = await run();
    timings.push({ stage, ms: performance.now() - start });
    return result;
  };
  const cache = await openCache(options.root, { enabled: options.cache ?? true });
  // The OpenAPI sources are parsed (YAML) only when the run is not answered from the cache.
  const [files, templates, openApiFiles, version, changelog] = await timed("load inputs", () =>
    Promise.all([loadSchemas(options.root), loadTemplates(options.root), readOpenApiFiles(options.root), readPackageVersion(options.root), readChangelog(options.root)]),
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
      cache.memoJson("sources", [...openApiFiles].map(([file, text]) => `${file}\n${text}`), () => parseOpenApiSources(openApiFiles)),
    );
    const stop = new AbortController();
    // Every call to a worker thread listens for it: one per validator unit AJV compiles (a hundred from scratch).
    setMaxListeners(Infinity, stop.signal);
    const produced = produceOutputs({ files, templates, sources, openApiFiles, version, changelog }, cache, timed, timings, compiledValidators, stop.signal);
    try {
      if (options.early !== undefined && !options.check) {
        // The other outputs first, then the docs pages: Redoc is the slowest stage, and in watch mode the types and
        // validators should not wait for it. Both writes refuse, before the first writes anything, to overwrite a
        // file edited by hand.
        const main = await produced.main;
        const early = await timed("write", () => writeOutputs(options.root, main, { force: options.force ?? false, later: sources.map((source) => apiOutput.docs(source.api)) }));
        options.early(early, performance.now() - started);
        const docs = await produced.docs();
        const rest = await timed("write docs", () => writeOutputs(options.root, docs, { force: options.force ?? false, rest: true }));
        written = { written: [...early.written, ...rest.written], unchanged: [...early.unchanged, ...rest.unchanged], removed: early.removed };
        outputs = [...main, ...docs];
      } else {
        const [main, docs] = await Promise.all([produced.main, produced.docs()]);
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
  const done = async (result: Omit<GenerateResult, "timings" | "outputs" | "cache" | "compiledValidators">): Promise<GenerateResult> => {
    await cache.prune();
    return { timings, outputs: paths, cache: { hits: cache.hits, misses: cache.misses }, compiledValidators: compiledValidators.sort(), ...result };
  };
  const final = outputs;
  if (options.check) return done({ stale: await timed("check outputs", () => findStale(options.root, final)) });
  return done({ written: written ?? (await timed("write", () => writeOutputs(options.root, final, { force: options.force ?? false }))) });
}
