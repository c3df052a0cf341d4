import { bannerStyleOf, type BannerStyle } from "../format/banner.js";
import type { SchemaFile } from "../load/schemas.js";
import type { Templates } from "../load/templates.js";
import type { OpenApiSource } from "../load/openapi-sources.js";
import type { BuiltDocument } from "../emit/openapi.js";
import type { BuiltContract } from "../model/contract.js";
import type { OutputFile } from "../write/output-file.js";
import type { TaskArgs, TaskResult, WorkerTask, PreloadTask } from "../workers/tasks.js";
import type { WorkerThread } from "./threads.js";

/** What a run reads: the hand-written inputs, as loaded. */
export interface RunInputs {
  files: SchemaFile[];
  templates: Templates;
  sources: OpenApiSource[];
  /** Every file under openapi/ by path (the sources and their example files), to locate an invalid example. */
  openApiFiles: ReadonlyMap<string, string>;
  version: string;
  /** CHANGELOG.md (undefined when absent), rendered to the changelog page. */
  changelog: string | undefined;
}

/** The kind of a value a cache key is derived from: one text, or a list of texts. */
export type ReadKind = "text" | "texts";
/** The inputs a cache entry's key is derived from, by name, in key order. */
export type Reads = Readonly<Record<string, ReadKind>>;
export type ReadValues<R extends Reads> = {
  readonly [K in keyof R]: R[K] extends "texts" ? readonly string[] : string;
};
/** The cache entries a stage stores, each with the inputs its key is derived from. */
export type StageKeys = Readonly<Record<string, Reads>>;

/**
 * A cache entry's key: its declared inputs in declared order, a list led by its length (two lists cannot trade
 * texts and give the same key). The cache adds the entry's name and the generator's fingerprint (write/cache.ts).
 */
export function cacheKey<R extends Reads>(reads: R, values: ReadValues<R>): string[] {
  return Object.keys(reads).flatMap((name) => {
    const value = values[name as keyof R] as string | readonly string[];
    return reads[name] === "texts" ? [String(value.length), ...(value as readonly string[])] : [value as string];
  });
}

/** A kind of file a stage writes: its path with placeholders (`generated/<api>/types.ts`) and its banner style. */
export interface OutputDeclaration {
  pattern: string;
  banner: BannerStyle;
  /** The paths for these APIs, when they depend on nothing else (one file per API, or one per run). */
  paths?: (apis: readonly string[]) => string[];
}

/** Output declarations from the path functions of model/output-paths.ts; an unknown file type throws (`bannerStyleOf`). */
export const output = {
  perApi: (path: (api: string) => string): OutputDeclaration => ({
    pattern: path("<api>"),
    banner: bannerStyleOf(path("<api>")),
    paths: (apis) => apis.map(path),
  }),
  /** A file that only some APIs have (which, their contract says): no list of paths to expect. */
  perApiWhere: (path: (api: string) => string): OutputDeclaration => ({
    pattern: path("<api>"),
    banner: bannerStyleOf(path("<api>")),
  }),
  perSchema: (path: (api: string, name: string) => string): OutputDeclaration => ({
    pattern: path("<api>", "<name>"),
    banner: bannerStyleOf(path("<api>", "<name>")),
  }),
  once: (path: string): OutputDeclaration => ({ pattern: path, banner: bannerStyleOf(path), paths: () => [path] }),
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `path` is a file of this kind for one of `apis` (`<name>` stands for any name in one path segment). */
export function declares(declaration: OutputDeclaration, path: string, apis: readonly string[]): boolean {
  const api = `(?:${apis.map(escapeRegExp).join("|")})`;
  const source = declaration.pattern
    .split(/(<api>|<name>)/)
    .map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : part === "<api>" ? api : "[^/]+"))
    .join("");
  return new RegExp(`^${source}$`).test(path);
}

/** Every stage's result: the files it writes (possibly none), and what later stages read from it. */
export interface StageResult {
  files: readonly OutputFile[];
}

/** The built contract with each document's YAML file, as the contract stage gives it to the other stages. */
export interface PrintedContract extends Omit<BuiltContract, "documents"> {
  documents: BuiltDocument[];
}

/** What a stage runs with. `K`: its declared cache entries. */
export interface StageContext<K extends StageKeys> {
  inputs: RunInputs;
  apis: readonly string[];
  /** The checked schemas, schema graph and documents with their YAML (the contract stage's result). */
  contract(): Promise<PrintedContract>;
  /** The results of a stage listed in this stage's `after` (one per API, in `apis` order, or one per run). */
  resultsOf<R extends StageResult>(stage: Stage<StageKeys, R>): Promise<R[]>;
  /** The stored text of the cache entry `entry` for these inputs (its key derived by `cacheKey`), or compute and store it. */
  memo<N extends keyof K & string>(
    entry: N,
    values: ReadValues<K[N]>,
    compute: () => Promise<string> | string,
  ): Promise<string>;
  memoJson<T, N extends keyof K & string = keyof K & string>(
    entry: N,
    values: ReadValues<K[N]>,
    compute: () => Promise<T> | T,
  ): Promise<T>;
  /** Runs a worker task in this stage's thread (`thread`). */
  call<T extends WorkerTask>(task: T, args: TaskArgs<T>): Promise<TaskResult<T>>;
  timed<T>(stage: string, run: () => T | Promise<T>): Promise<T>;
  /** The validator units (`<api>/<unit>`) compiled by this run, as `generate` reports them. */
  compiledValidators: string[];
}

/** What a per-API stage runs with: its API and that API's built document. */
export interface ApiStageContext<K extends StageKeys> extends StageContext<K> {
  api: string;
  document: BuiltDocument;
}

interface StageBase<K extends StageKeys> {
  /** Its row in the timings (`--json`). */
  name: string;
  /** Where its slow work runs. */
  thread: "main" | WorkerThread;
  /** The stages whose results it reads (it starts when they are done); every stage reads the contract's. */
  after: readonly Stage<StageKeys, StageResult>[];
  keys: K;
  outputs: readonly OutputDeclaration[];
  /** Written after every other output (watch mode: the Redoc pages, so types and validators do not wait). */
  late?: true;
  /** Loads its libraries ahead: when a run starts (it nearly always has work), or when watch mode starts. */
  preload?: { when: "run" | "watch"; load: PreloadTask | (() => Promise<unknown>) };
}

export interface ApiStage<K extends StageKeys, R extends StageResult> extends StageBase<K> {
  scope: "api";
  run(context: ApiStageContext<K>): Promise<R>;
}

export interface RunStage<K extends StageKeys, R extends StageResult> extends StageBase<K> {
  scope: "run";
  run(context: StageContext<K>): Promise<R>;
}

/** A generation stage: one row of the registry (registry.ts). */
export type Stage<K extends StageKeys, R extends StageResult> = ApiStage<K, R> | RunStage<K, R>;

/** Defines a stage, checking its declaration against its code (the entries it memoises, the results it returns). */
export function defineStage<const K extends StageKeys, R extends StageResult>(stage: Stage<K, R>): Stage<K, R> {
  return stage;
}

/** The templates under `prefix` as key texts (name and text): a stage's key reads the templates it renders. */
export function templateTexts(templates: Templates, prefix: string): string[] {
  return [...templates.sources].filter(([name]) => name.startsWith(prefix)).map(([name, text]) => `${name}\n${text}`);
}
