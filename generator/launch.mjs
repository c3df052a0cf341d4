#!/usr/bin/env node
/**
 * The specfirst commands in the repository start here, from a JavaScript build of the project's TypeScript, so a run
 * pays neither tsx's start-up (~0.5 s) nor a transpile of every module it loads, and needs no `npm run build`:
 * - `node generator/launch.mjs <command>` (`npm run generate`, `npm run diff`, `npm run release`,
 *   `npm run api-report`): the development CLI, generator/commands/cli.ts;
 * - `specfirst(argv)`, which bin/specfirst.js calls in the repository (`npx specfirst <command>`): the development
 *   commands as above, every other command by the shipped CLI (runtime/cli/main.ts, with generated/).
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
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(ROOT, file)))
      .update("\0");
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
    if (other !== out && name.startsWith(`${folders.join("+")}-`) && Date.now() - statSync(other).mtimeMs > STALE_MS)
      rmSync(other, { recursive: true, force: true });
  }
  return out;
}

/** The commands of the development CLI (generator/commands/cli.ts); the shipped CLI refuses them in one line. */
export const DEVELOPMENT_COMMANDS = ["generate", "diff", "release", "api-report"];

/**
 * Runs `load` (which imports a CLI); a package that is not installed (no `npm ci`) is one line and exit 2, not a
 * stack trace.
 */
async function withDependencies(load) {
  try {
    await load();
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    const missing =
      /Cannot find (?:package|module) '([^']+)'/.exec(String(error.message))?.[1] ??
      String(error.message).split("\n")[0];
    process.stderr.write(`specfirst: ${missing} is not installed: run \`npm ci\` in ${ROOT} first\n`);
    process.exitCode = 2;
  }
}

/** The development CLI with `process.argv` as it is (`node generator/launch.mjs generate ...`). */
function runDevelopmentCli() {
  return withDependencies(async () => {
    const out = await build();
    await import(pathToFileURL(path.join(out, "generator", "commands", "cli.js")).href);
  });
}

/** `npx specfirst <argv>` in the repository: a development command by the development CLI, any other by the shipped one. */
export function specfirst(argv) {
  if (DEVELOPMENT_COMMANDS.includes(argv[0])) return runDevelopmentCli();
  return withDependencies(async () => {
    const out = await build(["runtime", "generated"]);
    await import(pathToFileURL(path.join(out, "runtime", "cli", "main.js")).href);
  });
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await runDevelopmentCli();
