import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
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

/** An import or export specifier in a source text: `from "x"`, `import("x")`, `import "x"`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)["']([^"']+)["']/gm;

/** The package a bare specifier names (`@redocly/cli/lib/index.js` → `@redocly/cli`); undefined for `node:` builtins. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith("node:")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * Runtime files the generator reads that are not inputs of a run: Redocly's configuration, which the docs stage loads
 * from the working folder as `redocly build-docs` does (generator/emit/docs.ts `loadConfig({})`, under any of the
 * names Redocly looks for).
 */
const READ_FROM_WORKING_FOLDER = ["redocly.yaml", "redocly.yml", ".redocly.yaml", ".redocly.yml"];

let fingerprint: Promise<string> | undefined;

/**
 * Hash of everything besides a run's inputs whose content can change an output, so that no edit can be answered
 * with a stale result:
 * - every TypeScript source of generator/, and every project file these import, transitively: the run-time code the
 *   generator runs or compiles into outputs (runtime/validation/error-messages.ts's rule messages are written into validators.compiled.ts);
 * - the installed version of every package those files import, and package-lock.json (the packages those packages
 *   use: Redoc under @redocly/cli, TypeScript under openapi-typescript);
 * - the files the generator reads at run time that are no input (`READ_FROM_WORKING_FOLDER`).
 * The same whether this runs from the sources (tsx, vitest) or from the JavaScript build (generator/launch.mjs),
 * so they share entries. Computed once per process (watch mode: a change of the generator's code needs a restart).
 */
export function generatorFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const root = projectRoot();
    const generator = (await readdir(path.join(root, "generator"), { recursive: true }))
      .map((name) => `generator/${name.split(path.sep).join("/")}`)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"));
    const texts = new Map<string, string>();
    const packages = new Set<string>();
    const pending = [...generator];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (texts.has(file)) continue;
      let text: string;
      try {
        text = await readFile(path.join(root, file), "utf8");
      } catch {
        text = "\0missing"; // an import that names no file fails the run anyway; its absence is part of the key
      }
      texts.set(file, text);
      for (const [, specifier] of text.matchAll(SPECIFIER)) {
        if (specifier === undefined) continue;
        if (!specifier.startsWith(".")) {
          const name = packageOf(specifier);
          if (name !== undefined) packages.add(name);
          continue;
        }
        const target = path.posix.join(path.posix.dirname(file), specifier);
        // A TypeScript source is imported by the name of its JavaScript build (`./names.js` is names.ts).
        const source = target.replace(/\.js$/, ".ts");
        pending.push(target !== source && existsSync(path.join(root, source)) ? source : target);
      }
    }
    const hash = createHash("sha256");
    for (const file of [...texts.keys()].sort())
      hash
        .update(`${file}\0`)
        .update(texts.get(file) as string)
        .update("\0");
    for (const name of [...packages].sort()) {
      try {
        const manifest = JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as {
          version: string;
        };
        hash.update(`${name}@${manifest.version}\0`);
      } catch {
        hash.update(`${name}@?\0`);
      }
    }
    for (const [label, file] of [
      ["package-lock.json", path.join(root, "package-lock.json")],
      ...READ_FROM_WORKING_FOLDER.map((name) => [name, path.join(process.cwd(), name)]),
    ] as const) {
      hash
        .update(`${label}\0`)
        .update(existsSync(file) ? readFileSync(file) : "\0absent")
        .update("\0");
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
      await Promise.all(
        names.filter((name) => !touched.has(name)).map((name) => rm(path.join(dir, name), { force: true })),
      );
    },
  };
  return cache;
}
