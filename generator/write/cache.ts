import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { projectRoot } from "../project-root.js";

/**
 * A content-hash cache of stage results, in `node_modules/.cache/specfirst/` (per checkout, never committed).
 * A result is stored under the hash of everything it was computed from plus the generator's own fingerprint, so a
 * changed input or a changed generator can never reuse a stale result. Entries not used by a run are pruned after
 * it, so the cache holds one run's worth of results (a run answered whole from the cache keeps the stage entries of
 * the run that computed it, so the next edit still finds them).
 */
export interface Cache {
  /** The stored text for these inputs, or compute, store and return it. */
  memo(stage: string, inputs: readonly string[], compute: () => Promise<string> | string): Promise<string>;
  /** Like `memo` for a value that is JSON. */
  memoJson<T>(stage: string, inputs: readonly string[], compute: () => Promise<T> | T): Promise<T>;
  /** Reads a stored text without computing (undefined when absent). */
  peek(stage: string, inputs: readonly string[]): Promise<string | undefined>;
  store(stage: string, inputs: readonly string[], text: string): Promise<void>;
  /** Like `peek` and `store` for a value that is JSON. */
  peekJson<T>(stage: string, inputs: readonly string[]): Promise<T | undefined>;
  storeJson(stage: string, inputs: readonly string[], value: unknown): Promise<void>;
  /** The keys this run used so far; `keep` marks such keys (of an earlier run) as used by this one. */
  used(): string[];
  keep(keys: readonly string[]): void;
  /** Removes entries this run did not use. */
  prune(): Promise<void>;
  hits: number;
  misses: number;
}

const require = createRequire(import.meta.url);
/** Packages whose version changes what the generator emits. */
const TOOL_PACKAGES = ["ajv", "ajv-formats", "json-schema-to-typescript", "prettier", "@redocly/cli", "openapi-typescript", "handlebars", "yaml"];

let fingerprint: Promise<string> | undefined;

/** Hash of the generator's own code and the versions of the tools it drives. */
export function generatorFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash("sha256");
    // Every TypeScript source of generator/, at any depth: the same fingerprint whether this runs from the sources
    // (tsx, vitest) or from the JavaScript build in node_modules/.cache (generator/launch.mjs), so they share entries.
    const dir = path.join(projectRoot(), "generator");
    const names = (await readdir(dir, { recursive: true })).map((n) => n.split(path.sep).join("/")).filter((n) => n.endsWith(".ts")).sort();
    for (const name of names) hash.update(name).update(await readFile(path.join(dir, name)));
    for (const name of TOOL_PACKAGES) {
      try {
        const manifest = require(`${name}/package.json`) as { version: string };
        hash.update(`${name}@${manifest.version}`);
      } catch {
        hash.update(`${name}@?`);
      }
    }
    return hash.digest("hex");
  })();
  return fingerprint;
}

export function hashOf(parts: readonly string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(String(part.length)).update(":").update(part);
  return hash.digest("hex");
}

export async function openCache(root: string, options: { enabled: boolean }): Promise<Cache> {
  const dir = path.join(root, "node_modules", ".cache", "specfirst");
  const generator = await generatorFingerprint();
  const touched = new Set<string>();
  const keyOf = (stage: string, inputs: readonly string[]) => hashOf([generator, stage, ...inputs]);
  const read = async (key: string): Promise<string | undefined> => {
    if (!options.enabled) return undefined;
    try {
      // Synchronously: a run reads hundreds of small entries, and a promise-based read costs several thread-pool
      // round trips each.
      return readFileSync(path.join(dir, key), "utf8");
    } catch {
      return undefined;
    }
  };
  const write = async (key: string, text: string) => {
    if (!options.enabled) return;
    await mkdir(dir, { recursive: true });
    const temporary = path.join(dir, `${key}.${process.pid}.tmp`);
    await writeFile(temporary, text);
    await rename(temporary, path.join(dir, key));
  };
  const cache: Cache = {
    hits: 0,
    misses: 0,
    async memo(stage, inputs, compute) {
      const key = keyOf(stage, inputs);
      touched.add(key);
      const stored = await read(key);
      if (stored !== undefined) {
        cache.hits++;
        return stored;
      }
      cache.misses++;
      const text = await compute();
      await write(key, text);
      return text;
    },
    async memoJson(stage, inputs, compute) {
      return JSON.parse(await cache.memo(stage, inputs, async () => JSON.stringify(await compute())));
    },
    async peek(stage, inputs) {
      const key = keyOf(stage, inputs);
      const stored = await read(key);
      if (stored !== undefined) touched.add(key);
      return stored;
    },
    async store(stage, inputs, text) {
      const key = keyOf(stage, inputs);
      touched.add(key);
      await write(key, text);
    },
    async peekJson(stage, inputs) {
      const stored = await cache.peek(stage, inputs);
      return stored === undefined ? undefined : (JSON.parse(stored) as never);
    },
    async storeJson(stage, inputs, value) {
      await cache.store(stage, inputs, JSON.stringify(value));
    },
    used: () => [...touched],
    keep(keys) {
      for (const key of keys) touched.add(key);
    },
    async prune() {
      if (!options.enabled) return;
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return;
      }
      await Promise.all(names.filter((name) => !touched.has(name)).map((name) => rm(path.join(dir, name), { force: true })));
    },
  };
  return cache;
}
