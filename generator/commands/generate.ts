import { readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadSchemas, type SchemaFile } from "../load/schemas.js";
import { loadTemplates, type Templates } from "../load/templates.js";
import { loadOpenApiSources, type OpenApiSource } from "../load/openapi-sources.js";
import { addBanner } from "../format/banner.js";
import { openCache, type Cache } from "../write/cache.js";
import { findStale, writeOutputs, type WriteReport } from "../write/outputs.js";
import type { OutputFile } from "../write/output-file.js";
import type { BuiltDocument } from "../emit/openapi.js";

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
}

interface Inputs {
  files: SchemaFile[];
  templates: Templates;
  sources: OpenApiSource[];
  version: string;
}

async function readPackageVersion(root: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as { version?: unknown };
  return typeof manifest.version === "string" ? manifest.version : "0.0.0";
}

type Timed = <T>(stage: string, run: () => T | Promise<T>) => Promise<T>;

/** Every output, from checked inputs: each stage's result is taken from the cache when its own inputs are unchanged. */
async function produceOutputs(inputs: Inputs, cache: Cache, timed: Timed, timings: StageTiming[]): Promise<OutputFile[]> {
  const { templates, sources, version } = inputs;
  // The stages' libraries (AJV, json-schema-to-typescript, prettier, openapi-typescript) take most of a second to
  // load; they are imported only when some stage has to run, so a run the cache answers stays fast.
  const [{ checkSchemas }, { expandMediaTypes, readTypedBy }, { buildSchemaGraph }, { findDispatchTables }, { readApiModel, readLenient }, stages, { formatOutput }] = await timed("load stages", () =>
    Promise.all([
      import("../model/check-schemas.js"),
      import("../model/expand-media-types.js"),
      import("../model/schema-graph.js"),
      import("../model/dispatch-tables.js"),
      import("../model/api-model.js"),
      import("../emit/registry.js"),
      import("../format/prettier.js"),
    ]),
  );
  await timed("check schemas", () => checkSchemas(inputs.files));
  // From here on, the schemas with their content-by-type declarations expanded (what every stage reads).
  const files = expandMediaTypes(inputs.files);
  const graph = await timed("build schema graph", () => buildSchemaGraph(files));
  const templateText = (prefix: string) => [...templates.sources].filter(([name]) => name.startsWith(prefix)).map(([name, text]) => `${name}\n${text}`);
  const typedBy = new Map(inputs.files.flatMap((file) => { const rule = readTypedBy(file.schema); return rule === undefined ? [] : [[file.name, rule] as const]; }));
  const documents = await timed("emit openapi", () => stages.emitOpenApi(graph, sources, version, typedBy));

  // Each stage runs once per API, concurrently, timed on its own; `cached` when none of its results was computed.
  const stage = async <T>(name: string, run: (track: Cache) => Promise<T>) => {
    let computed = false;
    const tracking: Cache = { ...cache, memoJson: (s, i, compute) => cache.memoJson(s, i, () => ((computed = true), compute())) };
    const start = performance.now();
    const result = await run(tracking);
    timings.push({ stage: name, ms: performance.now() - start, ...(computed ? {} : { cached: true }) });
    return result;
  };
  const apis = sources.map((source) => source.api).sort();
  const schemaTexts = (api: string) => files.filter((file) => file.api === api).map((file) => `${file.file}\n${file.text}`);
  const schemaNames = new Map(files.map((file) => [String(file.schema.title), file.name]));
  const perApi = <T>(name: string, compute: (api: string, document: BuiltDocument, track: Cache) => Promise<T>) =>
    stage(name, (track) => Promise.all(apis.map((api) => compute(api, documents.find((d) => d.api === api) as BuiltDocument, track))));

  const [types, validators, docs, paths, clients] = await Promise.all([
    perApi("emit types", (api, _d, c) => c.memoJson("types", [api, ...schemaTexts(api)], () => stages.emitTypes(graph, api))),
    perApi("emit validators", (api, document, c) => {
      const lenient = readLenient(document.document);
      return c.memoJson("validators", [api, JSON.stringify(lenient), ...schemaTexts(api), ...templateText("api/validators")], async () => stages.emitValidators({ api, graph, lenient, templates }));
    }),
    perApi("emit docs", (api, document, c) => c.memoJson("docs", [api, document.file.contents], async () => (await stages.emitDocs([{ api, yaml: document.file.contents }]))[0] as OutputFile)),
    perApi("emit path types", (api, document, c) => c.memoJson("path-types", [api, document.file.contents], async () => (await stages.emitPathTypes([{ api, yaml: document.file.contents }]))[0] as OutputFile)),
    perApi("emit clients", (api, document, c) =>
      c.memoJson("clients", [api, document.file.contents, ...schemaTexts(api), ...templateText("api/client")], async () => {
        const model = readApiModel(api, `openapi/${api}.source.yaml`, document.document, schemaNames);
        const dispatch = new Map(graph.files.filter((file) => file.api === api).flatMap((file) => findDispatchTables(graph, file).map((table) => [String(file.schema.title), table] as const)));
        const { file, extras } = stages.emitClient({ model, dispatch, templates });
        return { file, extras, messagingHelpers: model.commands.length > 0 || model.webhooks.some((webhook) => webhook.acknowledge !== null) };
      }),
    ),
  ]);
  const entryPoints = await timed("emit entry points", () =>
    stages.emitEntryPoints(
      apis.map((api, index) => ({
        api,
        guards: validators[index]?.guards ?? [],
        extras: clients[index]?.extras ?? { planLimits: false, commands: false, webhooks: false, receivedTypes: [] },
        messagingHelpers: clients[index]?.messagingHelpers ?? false,
      })),
      templates,
    ),
  );
  const emitted: OutputFile[] = [...stages.emitSchemas(files), ...documents.map((d) => d.file), ...types, ...validators.flatMap((v) => v.files), ...docs, ...paths, ...clients.map((c) => c.file), ...entryPoints];
  const formatted = await timed("format", () => Promise.all(emitted.map((file) => cache.memoJson("format", [file.path, file.contents], () => formatOutput(file)))));
  return formatted.map(addBanner);
}

/**
 * The whole pipeline: load inputs → (check schemas → schema graph → emit types, validators, OpenAPI, docs, path
 * types → emit clients → format → banner) → write atomically, or with `check` compare with the disk and write
 * nothing. When every input is byte-identical to a run the cache remembers, its outputs are reused without running
 * any stage.
 * Throws `GenerationFailed` on a broken input, before anything is written.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const timings: StageTiming[] = [];
  const timed: Timed = async (stage, run) => {
    const start = performance.now();
    const result = await run();
    timings.push({ stage, ms: performance.now() - start });
    return result;
  };
  const cache = await openCache(options.root, { enabled: options.cache ?? true });
  const [files, templates, sources, version] = await timed("load inputs", () =>
    Promise.all([loadSchemas(options.root), loadTemplates(options.root), loadOpenApiSources(options.root), readPackageVersion(options.root)]),
  );
  const runInputs = [
    version,
    ...files.map((file) => `${file.file}\n${file.text}`),
    ...[...templates.sources].map(([name, text]) => `${name}\n${text}`),
    // Sorted: example files are read concurrently, so the order they were met in varies from run to run.
    ...sources.flatMap((source) => [...source.inputs].map(([file, text]) => `${file}\n${text}`)).sort(),
  ];
  let outputs = await cache.peekJson<OutputFile[]>("run", runInputs);
  if (outputs === undefined) {
    outputs = await produceOutputs({ files, templates, sources, version }, cache, timed, timings);
    await cache.storeJson("run", runInputs, outputs);
  } else {
    cache.hits++;
    timings.push({ stage: "all stages", ms: 0, cached: true });
  }
  const paths = outputs.map((o) => o.path);
  const done = async (result: Omit<GenerateResult, "timings" | "outputs" | "cache">): Promise<GenerateResult> => {
    await cache.prune();
    return { timings, outputs: paths, cache: { hits: cache.hits, misses: cache.misses }, ...result };
  };
  const final = outputs;
  if (options.check) return done({ stale: await timed("check outputs", () => findStale(options.root, final)) });
  return done({ written: await timed("write", () => writeOutputs(options.root, final, { force: options.force ?? false })) });
}
