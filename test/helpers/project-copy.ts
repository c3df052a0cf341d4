import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CACHE_SEED, COPIED, EDITED_SEED, ROOT } from "./fixtures.js";

/** The content-hash cache of a project folder (generator/write/cache.ts). */
export const cacheDir = (dir: string) => path.join(dir, "node_modules", ".cache", "specfirst");

/**
 * Gives `to` the cache entries of `from` (a seed's cache) as hard links: copying the 15 MB of a seed's cache into
 * every project copy took more CPU than most tests. Safe because the cache never writes an entry in place (it writes
 * a temporary file and renames it over the entry, generator/write/cache.ts) and an entry's content is fixed by its
 * key; an entry `to` already has is kept. Copies where a link cannot be made (another file system).
 */
export function linkCache(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (existsSync(path.join(to, name))) continue;
    try {
      linkSync(path.join(from, name), path.join(to, name));
    } catch {
      copyFileSync(path.join(from, name), path.join(to, name));
    }
  }
}

/**
 * The schema edit of the tests that need one changing every kind of output of the messaging API (its types,
 * validators, OpenAPI document and docs page): a new property of Reason. One edit, so that the global setup computes
 * its outputs once for all of them (`EDITED_SEED`).
 */
export function editSchema(dir: string): void {
  const file = path.join(dir, "schemas/messaging/reason.schema.json");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(
      '"properties": {',
      '"properties": {\n    "retry_after": { "type": "integer", "minimum": 0, "description": "Seconds to wait." },',
    ),
  );
}

/**
 * A throwaway copy of the generator's inputs and committed outputs, to break and regenerate freely. It starts with
 * the cache of a run on the committed inputs (test/setup/global.ts), so regenerating it recomputes only what the
 * test changed; `{ edited: true }` adds the cache of a run with `editSchema` applied (the copy itself is not edited);
 * `{ cache: false }` gives a copy with an empty cache.
 */
export function copyProject(options: { cache?: boolean; edited?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "specfirst-"));
  for (const folder of COPIED) cpSync(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
  if (options.cache ?? true) {
    for (const seed of options.edited ? [CACHE_SEED, EDITED_SEED] : [CACHE_SEED]) {
      if (existsSync(cacheDir(seed))) linkCache(cacheDir(seed), cacheDir(dir));
    }
  }
  return dir;
}
