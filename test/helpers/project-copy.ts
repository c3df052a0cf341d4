import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CACHE_SEED, COPIED, ROOT } from "./fixtures.js";

/** The content-hash cache of a project folder (generator/write/cache.ts). */
export const cacheDir = (dir: string) => path.join(dir, "node_modules", ".cache", "specfirst");

/**
 * A throwaway copy of the generator's inputs and committed outputs, to break and regenerate freely. It starts with
 * the cache of a run on the committed inputs (test/setup/global.ts), so regenerating it recomputes only what the
 * test changed; `{ cache: false }` gives a copy with an empty cache.
 */
export function copyProject(options: { cache?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "specfirst-"));
  for (const folder of COPIED) cpSync(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
  if ((options.cache ?? true) && existsSync(cacheDir(CACHE_SEED))) cpSync(cacheDir(CACHE_SEED), cacheDir(dir), { recursive: true });
  return dir;
}
