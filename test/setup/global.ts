import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "../../generator/launch.mjs";
import { generate } from "../../generator/commands/generate.js";
import { CACHE_SEED, COPIED, EDITED_SEED, ROOT, TYPECHECK } from "../helpers/fixtures.js";
import { cacheDir, editSchema } from "../helpers/project-copy.js";

/**
 * Runs once before every test file (vitest `globalSetup`):
 * - builds the TypeScript the tests spawn to JavaScript (generator/launch.mjs, cached by content in
 *   node_modules/.cache/specfirst-build), so a spawned CLI starts with node alone instead of tsx;
 * - generates once into a copy of the project (`CACHE_SEED`), whose content-hash cache every `copyProject()` then
 *   starts from: a test that regenerates a copy recomputes only what its own edit changed; and once into a copy with
 *   `editSchema` applied (`EDITED_SEED`), for the tests that make that edit (`copyProject({ edited: true })`);
 * - starts the type check of the whole project (`tsc -b`, see `startTypecheck`) in the background, alongside the
 *   tests; test/typecheck.test.ts reports its result. The returned teardown waits for it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const typecheck = startTypecheck();
  await Promise.all([build(), build(["runtime", "generated"])]);
  refreshCopy(CACHE_SEED);
  await generate({ root: CACHE_SEED, check: true });
  // Started from the seed's results, the edited run computes only what the edit changes.
  refreshCopy(EDITED_SEED);
  editSchema(EDITED_SEED);
  cpSync(cacheDir(CACHE_SEED), cacheDir(EDITED_SEED), { recursive: true });
  await generate({ root: EDITED_SEED, check: true });
  return async () => {
    await typecheck;
  };
}

/** Makes `dir` a copy of the project's generator inputs and committed outputs, keeping its cache. */
function refreshCopy(dir: string): void {
  for (const entry of COPIED) {
    rmSync(path.join(dir, entry), { recursive: true, force: true });
    cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  mkdirSync(path.join(dir, "node_modules", ".cache"), { recursive: true });
}

/**
 * `tsc -b` on a tsconfig extending the project's: when no input changed since a check that passed (its build info
 * records them), it answers at once instead of parsing every file again (9 s of CPU here). The build info is kept per
 * package-lock.json, so that changed dependencies are checked again.
 */
function startTypecheck(): Promise<void> {
  rmSync(TYPECHECK.result, { force: true });
  mkdirSync(TYPECHECK.dir, { recursive: true });
  const lock = createHash("sha256").update(readFileSync(path.join(ROOT, "package-lock.json"))).digest("hex").slice(0, 16);
  const config = path.join(TYPECHECK.dir, "tsconfig.json");
  const text = `${JSON.stringify({ extends: path.join(ROOT, "tsconfig.json"), compilerOptions: { incremental: true, tsBuildInfoFile: path.join(TYPECHECK.dir, `${lock}.tsbuildinfo`) } }, null, 2)}\n`;
  // Rewritten only when it changes: tsc -b takes a newer tsconfig for a change.
  if (!existsSync(config) || readFileSync(config, "utf8") !== text) {
    for (const name of readdirSync(TYPECHECK.dir)) if (name.endsWith(".tsbuildinfo")) rmSync(path.join(TYPECHECK.dir, name));
    writeFileSync(config, text);
  }
  const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
  const child = spawn(process.execPath, [tsc, "-b", config], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => (output += text));
  child.stderr.setEncoding("utf8").on("data", (text: string) => (output += text));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      writeFileSync(TYPECHECK.result, JSON.stringify({ code, output }));
      resolve();
    });
  });
}
