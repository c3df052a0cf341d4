import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "../../generator/launch.mjs";
import { generate } from "../../generator/commands/generate.js";
import {
  CACHE_SEED,
  COPIED,
  DISK_TMPDIR_VARIABLE,
  EDITED_SEED,
  MEMORY_FILES,
  TSC_7,
  ROOT,
  TYPECHECK,
  type TscResult,
} from "../helpers/fixtures.js";
import { CONSUMER_ROOT_VARIABLE } from "../helpers/installed-package.js";
import { cacheDir, editSchema, linkCache } from "../helpers/project-copy.js";
import { writeConformance } from "../helpers/type-conformance.js";

/**
 * Runs once before every test file (vitest `globalSetup`):
 * - with a tmpfs, points TMPDIR at a folder of the run in memory (`useMemoryFiles`);
 * - builds the TypeScript the tests spawn to JavaScript (generator/launch.mjs, cached by content in
 *   node_modules/.cache/specfirst-build), so a spawned CLI starts with node alone instead of tsx;
 * - generates once into a copy of the project (`CACHE_SEED`), whose content-hash cache every `copyProject()` then
 *   starts from: a test that regenerates a copy recomputes only what its own edit changed; and once into a copy with
 *   `editSchema` applied (`EDITED_SEED`), for the tests that make that edit (`copyProject({ edited: true })`);
 * - starts the type check of the whole project (`tsc -b`, which also builds dist/, see `startTypecheck`) in the
 *   background, alongside the tests; test/typecheck.test.ts reports its result. The returned teardown waits for it.
 *   Before it, the type conformance suite is written from the validator fixtures (test/helpers/type-conformance.ts),
 *   so a new fixture is type-checked by this run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const runFolder = useMemoryFiles();
  // The consumer tier's installed package, made by the first test file that asks (test/helpers/installed-package.ts).
  const consumerRoot = mkdtempSync(path.join(tmpdir(), "specfirst-consumer-"));
  process.env[CONSUMER_ROOT_VARIABLE] = consumerRoot;
  writeConformance();
  const typecheck = startTypecheck();
  await Promise.all([build(), build(["runtime", "generated"])]);
  refreshCopy(CACHE_SEED);
  await generate({ root: CACHE_SEED, check: true });
  // Started from the seed's results, the edited run computes only what the edit changes.
  refreshCopy(EDITED_SEED);
  editSchema(EDITED_SEED);
  linkCache(cacheDir(CACHE_SEED), cacheDir(EDITED_SEED));
  await generate({ root: EDITED_SEED, check: true });
  return async () => {
    await typecheck;
    rmSync(consumerRoot, { recursive: true, force: true });
    if (runFolder !== undefined) rmSync(runFolder, { recursive: true, force: true });
  };
}

/**
 * With a tmpfs (`MEMORY_FILES`, test/helpers/fixtures.ts), points TMPDIR at a folder of this run in it, before
 * vitest starts its workers (which inherit the variable, as do the processes they start), and returns that folder,
 * removed when the run ends. Removed first: the folders left by runs whose process is gone (killed, crashed), and
 * the memory folders of checkouts that no longer exist (a clean clone that CI or the bench deleted), which would
 * otherwise hold their seeds (about 37 MB each) until the machine restarts.
 */
function useMemoryFiles(): string | undefined {
  if (MEMORY_FILES === undefined) return undefined;
  removeVanishedCheckouts(MEMORY_FILES);
  mkdirSync(MEMORY_FILES, { recursive: true });
  writeFileSync(path.join(MEMORY_FILES, CHECKOUT_FILE), ROOT);
  for (const name of readdirSync(MEMORY_FILES)) {
    const pid = /^run-(\d+)-/.exec(name)?.[1];
    if (pid !== undefined && !isRunning(Number(pid)))
      rmSync(path.join(MEMORY_FILES, name), { recursive: true, force: true });
  }
  const folder = mkdtempSync(path.join(MEMORY_FILES, `run-${process.pid}-`));
  process.env[DISK_TMPDIR_VARIABLE] = tmpdir();
  process.env.TMPDIR = folder;
  return folder;
}

/** The file of a memory folder naming the checkout it belongs to. */
const CHECKOUT_FILE = "checkout";

/**
 * Removes the other memory folders whose checkout is gone. A folder that names none yet is removed only when an hour
 * old (another checkout's run may have just made it).
 */
function removeVanishedCheckouts(own: string): void {
  const parent = path.dirname(own);
  const prefix = path.basename(own).replace(/[^-]*$/, "");
  for (const name of readdirSync(parent)) {
    const folder = path.join(parent, name);
    if (!name.startsWith(prefix) || folder === own) continue;
    let checkout: string | undefined;
    try {
      checkout = readFileSync(path.join(folder, CHECKOUT_FILE), "utf8");
    } catch {
      checkout = undefined;
    }
    const gone =
      checkout === undefined
        ? Date.now() - statSync(folder).mtimeMs > 60 * 60 * 1000
        : !existsSync(path.join(checkout, "package.json"));
    if (gone) rmSync(folder, { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
 * The type check of what `npm test` proves, by one `tsc -b` of TypeScript 7 (`TSC_7`) on a tsconfig written here that
 * extends tsconfig.json and references tsconfig.build.json, which tsc takes in two steps, in one process (which reads
 * the lib and package declarations both use once: two processes took about 0.6 s more CPU, 1.5 s with TypeScript 5.9):
 * - tsconfig.build.json (runtime/ and generated/, a composite project): built into dist/ as `npm run build` does,
 *   so the package test's `npm pack` finds it up to date instead of compiling those files a second time; once tsc
 *   says it goes on to the next project (`--verbose`), `TYPECHECK.built` is written, which the package test waits
 *   for (not for the rest of the check);
 * - generator/, examples/, and the tests whose assertions are compile-time ones (test/types/, and each test file
 *   holding `expectTypeOf` or a `@ts-expect-error` directive: `compileTimeTests`), checked against that build's
 *   declarations. The other test files and bench/ are left to `npm run typecheck`, which .ci/run runs after
 *   `npm test`: a type error there changes no test's verdict (vitest runs the files as JavaScript), and checking them
 *   took about 2.5 s more of this run's CPU (1.4 s without them; 6.5 s more with TypeScript 5.9).
 * `TYPECHECK.result` then holds both steps' diagnostics (tsc's progress lines left out). When no input changed since
 * a check that passed (the build info records them), each step answers at once instead of parsing every file again.
 * The build info is kept per package-lock.json, so that changed dependencies are checked again.
 */
function startTypecheck(): Promise<void> {
  for (const file of [TYPECHECK.built, TYPECHECK.result]) rmSync(file, { force: true });
  mkdirSync(TYPECHECK.dir, { recursive: true });
  const lock = createHash("sha256")
    .update(readFileSync(path.join(ROOT, "package-lock.json")))
    .digest("hex")
    .slice(0, 16);
  const lockMark = path.join(TYPECHECK.dir, "lock");
  if (!existsSync(lockMark) || readFileSync(lockMark, "utf8") !== lock) {
    for (const name of readdirSync(TYPECHECK.dir))
      if (name.endsWith(".tsbuildinfo")) rmSync(path.join(TYPECHECK.dir, name));
    rmSync(path.join(ROOT, "dist", ".tsbuildinfo"), { force: true });
    writeFileSync(lockMark, lock);
  }
  const readConfig = (name: string) =>
    JSON.parse(readFileSync(path.join(ROOT, name), "utf8")) as { include: string[]; exclude?: string[] };
  const project = readConfig("tsconfig.json");
  const built = readConfig("tsconfig.build.json");
  const absolute = (patterns: string[]) => patterns.map((pattern) => path.join(ROOT, pattern));
  const config = path.join(TYPECHECK.dir, "tsconfig.json");
  const text = `${JSON.stringify(
    {
      extends: path.join(ROOT, "tsconfig.json"),
      compilerOptions: { incremental: true, tsBuildInfoFile: path.join(TYPECHECK.dir, "rest.tsbuildinfo") },
      include: absolute([
        ...project.include.filter(
          (pattern) =>
            !built.include.includes(pattern) && !pattern.startsWith("bench/") && !pattern.startsWith("test/"),
        ),
        "test/types/**/*.ts",
        ...compileTimeTests(),
      ]),
      exclude: absolute(project.exclude ?? []),
      references: [{ path: path.join(ROOT, "tsconfig.build.json") }],
    },
    null,
    2,
  )}\n`;
  // Rewritten only when it changes: tsc -b takes a newer tsconfig for a change.
  if (!existsSync(config) || readFileSync(config, "utf8") !== text) writeFileSync(config, text);
  const child = spawn(process.execPath, [TSC_7, "-b", config, "--verbose", "--pretty", "false"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const restProject = path.relative(ROOT, config).split(path.sep).join("/");
  let output = "";
  let distDone = false;
  const read = (text: string) => {
    output += text;
    // "<time> - Project '<the rest's tsconfig>' is out of date ..." (or up to date): the build's step is over.
    if (!distDone && output.includes(`Project '${restProject}'`)) {
      distDone = true;
      writeFileSync(TYPECHECK.built, "");
    }
  };
  child.stdout.setEncoding("utf8").on("data", read);
  child.stderr.setEncoding("utf8").on("data", read);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      const diagnostics = output
        .split("\n")
        .filter((line) => line.trim() !== "" && !PROGRESS.test(line) && !line.startsWith("    * "))
        .join("\n");
      const result: TscResult = { code, output: diagnostics };
      if (!distDone) writeFileSync(TYPECHECK.built, "");
      writeFileSync(TYPECHECK.result, JSON.stringify(result));
      resolve();
    }),
  );
}

/**
 * The test files whose assertions only tsc can check: `expectTypeOf(...)` (a no-op at run time) or a line that is a
 * `@ts-expect-error` directive (an error expected on the line below).
 */
function compileTimeTests(): string[] {
  const dir = path.join(ROOT, "test");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".test.ts"))
    .filter((name) => /expectTypeOf\(|^\s*\/\/ @ts-expect-error\b/m.test(readFileSync(path.join(dir, name), "utf8")))
    .map((name) => `test/${name}`);
}

/** A progress line of `tsc -b --verbose`: "<local time> - Projects in this build: ...", "... - Building project ...". */
const PROGRESS = /^\S.* - (Projects in this build:|Project '|Building project '|Updating )/m;
