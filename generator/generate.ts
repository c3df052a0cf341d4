import { readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadSchemas } from "./load-schemas.js";
import { checkSchemas } from "./check-schemas.js";
import { buildSchemaGraph } from "./schema-graph.js";
import { loadTemplates } from "./templates.js";
import { emitTypes } from "./emit-types.js";
import { emitValidators } from "./emit-validators.js";
import { loadOpenApiSources } from "./load-openapi-sources.js";
import { emitOpenApi } from "./emit-openapi.js";
import { emitDocs } from "./emit-docs.js";
import { emitPathTypes } from "./emit-path-types.js";
import { formatOutputs } from "./format.js";
import { addBanner } from "./banner.js";
import { findStale, writeOutputs, type WriteReport } from "./write-outputs.js";
import type { OutputFile } from "./outputs.js";

export interface StageTiming {
  stage: string;
  ms: number;
}

export interface GenerateResult {
  timings: StageTiming[];
  outputs: string[];
  /** `--check`: the files that differ from what the schemas produce. */
  stale?: string[];
  /** A normal run: what was written, left alone and removed. */
  written?: WriteReport;
}

async function readPackageVersion(root: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as { version?: unknown };
  return typeof manifest.version === "string" ? manifest.version : "0.0.0";
}

export interface GenerateOptions {
  root: string;
  check?: boolean;
  force?: boolean;
}

/**
 * The whole pipeline: load and check schemas → build the schema graph → emit types and validators → format →
 * banner → write atomically (or, with `check`, compare with what is on disk and write nothing).
 * Throws `GenerationFailed` on a broken input, before anything is written.
 */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const timings: StageTiming[] = [];
  const timed = async <T>(stage: string, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await run();
    timings.push({ stage, ms: performance.now() - start });
    return result;
  };

  const files = await timed("load schemas", () => loadSchemas(options.root));
  await timed("check schemas", () => checkSchemas(files));
  const graph = await timed("build schema graph", () => buildSchemaGraph(files));
  const templates = await timed("load templates", () => loadTemplates(options.root));
  const sources = await timed("load openapi sources", () => loadOpenApiSources(options.root));
  const version = await readPackageVersion(options.root);

  const documents = await timed("emit openapi", () => emitOpenApi(graph, sources, version));
  const yamlDocuments = sources.map((source, index) => ({ api: source.api, yaml: documents[index]?.contents ?? "" }));
  const [types, validators, docs, pathTypes] = await Promise.all([
    timed("emit types", () => emitTypes(graph)),
    timed("emit validators", () => emitValidators(graph, templates)),
    timed("emit docs", () => emitDocs(yamlDocuments)),
    timed("emit path types", () => emitPathTypes(yamlDocuments)),
  ]);
  const emitted: OutputFile[] = [types, ...validators, ...documents, ...docs, ...pathTypes];
  const formatted = await timed("format", () => formatOutputs(emitted));
  const outputs = formatted.map(addBanner);
  const paths = outputs.map((o) => o.path);
  if (options.check) {
    const stale = await timed("check outputs", () => findStale(options.root, outputs));
    return { timings, outputs: paths, stale };
  }
  const written = await timed("write", () => writeOutputs(options.root, outputs, { force: options.force ?? false }));
  return { timings, outputs: paths, written };
}
