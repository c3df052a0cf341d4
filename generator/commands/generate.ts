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
  const { files, templates, sources, version } = inputs;
  // The stages' libraries (AJV, json-schema-to-typescript, prettier, openapi-typescript, ts-morph) take most of a
  // second to load; they are imported only when some stage has to run, so a run the cache answers stays fast.
  const [{ checkSchemas }, { buildSchemaGraph }, { emitTypes }, { emitValidators }, { emitOpenApi }, { emitDocs }, { emitPathTypes }, { emitClients }, { formatOutput }] = await timed(
    "load stages",
    () =>
      Promise.all([
        import("../model/check-schemas.js"),
        import("../model/schema-graph.js"),
        import("../emit/types.js"),
        import("../emit/validators/index.js"),
        import("../emit/openapi.js"),
        import("../emit/docs.js"),
        import("../emit/path-types.js"),
        import("../emit/client/index.js"),
        import("../format/prettier.js"),
      ]),
  );
  await timed("check schemas", () => checkSchemas(files));
  const graph = await timed("build schema graph", () => buildSchemaGraph(files));
  const schemaTexts = files.map((file) => `${file.file}\n${file.text}`);
  const templateTexts = [...templates.sources].map(([name, text]) => `${name}\n${text}`);

  const documents = await timed("emit openapi", () => emitOpenApi(graph, sources, version));
  const yamlDocuments = sources.map((source, index) => ({ api: source.api, yaml: documents[index]?.contents ?? "" }));
  // The four emitters run concurrently, each timed on its own; `cached` when none of its results was computed.
  const stage = async <T>(name: string, run: (track: Cache) => Promise<T>) => {
    let computed = false;
    const tracking: Cache = { ...cache, memoJson: (s, i, compute) => cache.memoJson(s, i, () => ((computed = true), compute())) };
    const start = performance.now();
    const result = await run(tracking);
    timings.push({ stage: name, ms: performance.now() - start, ...(computed ? {} : { cached: true }) });
    return result;
  };
  const [types, validators, docs, pathTypes] = await Promise.all([
    stage("emit types", (c) => c.memoJson("types", schemaTexts, () => emitTypes(graph))),
    stage("emit validators", (c) => c.memoJson("validators", [...schemaTexts, ...templateTexts], () => emitValidators(graph, templates))),
    stage("emit docs", (c) => Promise.all(yamlDocuments.map((doc) => c.memoJson("docs", [doc.api, doc.yaml], async () => (await emitDocs([doc]))[0] as OutputFile)))),
    stage("emit path types", (c) => Promise.all(yamlDocuments.map((doc) => c.memoJson("path-types", [doc.api, doc.yaml], async () => (await emitPathTypes([doc]))[0] as OutputFile)))),
  ]);
  // The clients are rendered from the OpenAPI documents and type-checked against the generated declarations.
  const declarations = [types, ...validators.filter((file) => file.path.endsWith(".d.ts")), ...pathTypes];
  const schemaNames = Object.fromEntries(files.map((file) => [String(file.schema.title), file.name]));
  const clientTemplates = new Map([...templates.sources].filter(([name]) => name.startsWith("client/")));
  const clientInputs = [
    JSON.stringify(schemaNames),
    ...yamlDocuments.map((doc) => `${doc.api}\n${doc.yaml}`),
    ...[...clientTemplates].map(([name, text]) => `${name}\n${text}`),
    ...declarations.map((file) => `${file.path}\n${file.contents}`),
  ];
  const clients = await stage("emit clients", (c) => c.memoJson("clients", clientInputs, () => emitClients({ documents: yamlDocuments, schemaNames, declarations, templates: clientTemplates })));
  const emitted: OutputFile[] = [types, ...validators, ...documents, ...docs, ...pathTypes, ...clients];
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
