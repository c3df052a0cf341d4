import { cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "../../generator/launch.mjs";
import { generate } from "../../generator/commands/generate.js";
import { CACHE_SEED, COPIED, ROOT } from "../helpers/fixtures.js";

/**
 * Runs once before every test file (vitest `globalSetup`):
 * - builds the TypeScript the tests spawn to JavaScript (generator/launch.mjs, cached by content in
 *   node_modules/.cache/specfirst-build), so a spawned CLI starts with node alone instead of tsx;
 * - generates once into a copy of the project (`CACHE_SEED`), whose content-hash cache every `copyProject()` then
 *   starts from: a test that regenerates a copy recomputes only what its own edit changed.
 */
export default async function setup(): Promise<void> {
  await Promise.all([build(), build(["runtime", "generated"])]);
  for (const entry of COPIED) {
    rmSync(path.join(CACHE_SEED, entry), { recursive: true, force: true });
    cpSync(path.join(ROOT, entry), path.join(CACHE_SEED, entry), { recursive: true });
  }
  mkdirSync(path.join(CACHE_SEED, "node_modules", ".cache"), { recursive: true });
  await generate({ root: CACHE_SEED, check: true });
}
