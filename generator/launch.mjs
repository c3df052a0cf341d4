#!/usr/bin/env node
/**
 * `npm run generate` starts here: runs generator/commands/cli.ts from a JavaScript build of the project's TypeScript,
 * so a run pays neither tsx's start-up (~0.5 s) nor a transpile of every module it loads.
 *
 * The build is esbuild's file-by-file transpile of generator/ and runtime/ (no bundling: the stages' imports stay
 * lazy) into node_modules/.cache/specfirst-build/<hash of the sources>/, made once per change of the sources (about
 * 0.2 s) and reused by every later run. Plain JavaScript, so it runs before anything is built. The tests use
 * `build()` too, with generated/ added, to run the shipped CLI without tsx.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BUILDS = path.join(ROOT, "node_modules", ".cache", "specfirst-build");
/** A build no process has started from for this long is removed (a running process may still load from its build). */
const STALE_MS = 60 * 60 * 1000;

function sourcesOf(folders) {
  const files = [];
  for (const folder of folders) {
    const dir = path.join(ROOT, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir, { recursive: true })) {
      const file = path.join(folder, String(name)).split(path.sep).join("/");
      if (file.endsWith(".ts") && !file.endsWith(".d.ts")) files.push(file);
    }
  }
  return files.sort();
}

/**
 * Builds (or finds already built) the TypeScript of `folders` and returns the build's folder, which mirrors the
 * project's layout (`<build>/generator/commands/cli.js`). Concurrent callers are safe: each builds into its own
 * temporary folder and the first rename wins.
 */
export async function build(folders = ["generator", "runtime"]) {
  const files = sourcesOf(folders);
  const hash = createHash("sha256");
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(ROOT, file))).update("\0");
  const out = path.join(BUILDS, `${folders.join("+")}-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(out)) {
    const now = new Date();
    utimesSync(out, now, now);
    return out;
  }

  const { build: esbuild } = await import("esbuild");
  const temporary = `${out}.${process.pid}.tmp`;
  await esbuild({
    absWorkingDir: ROOT,
    entryPoints: files,
    outdir: temporary,
    outbase: ".",
    format: "esm",
    platform: "node",
    target: "node20",
    bundle: false,
    logLevel: "error",
  });
  try {
    renameSync(temporary, out);
  } catch {
    rmSync(temporary, { recursive: true, force: true }); // another process built the same sources first
  }
  for (const name of readdirSync(BUILDS)) {
    const other = path.join(BUILDS, name);
    if (other !== out && name.startsWith(`${folders.join("+")}-`) && Date.now() - statSync(other).mtimeMs > STALE_MS) rmSync(other, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await build();
  await import(pathToFileURL(path.join(out, "generator", "commands", "cli.js")).href);
}
