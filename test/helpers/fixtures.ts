import { createHash } from "node:crypto";
import { accessSync, constants, readdirSync, readFileSync, existsSync, statfsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const FIXTURES = path.join(ROOT, "test", "fixtures");
/** What a project copy holds: the generator's inputs and committed outputs. */
export const COPIED = ["schemas", "templates", "generated", "openapi", "package.json", "CHANGELOG.md"];

/** `statfs` type of a tmpfs (Linux). */
const TMPFS_MAGIC = 0x01021994;

/** Free space a tmpfs needs for a run (a run's files peaked at about 470 MB): a container's 64 MB /dev/shm is not used. */
const MEMORY_NEEDED = 2 * 1024 ** 3;

/** /dev/shm when it is a tmpfs with `MEMORY_NEEDED` free that this process can write to (Linux), else undefined. */
function memoryFolder(): string | undefined {
  try {
    accessSync("/dev/shm", constants.W_OK);
    const { type, bavail, bsize } = statfsSync("/dev/shm");
    return type === TMPFS_MAGIC && bavail * bsize >= MEMORY_NEEDED ? "/dev/shm" : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the tests keep their files when the machine has a tmpfs: the project copies, clones and servers' folders of a
 * run (test/setup/global.ts points TMPDIR at a folder of its own in here), and the seeds below, so that copies are
 * hard-linked from them. On the test machine's disk (ext4 mounted with `discard`) a project copy took 48-73 ms, about
 * 85% of it in the kernel, and each deletion trims the blocks it frees; in memory, 12-15 ms. One folder per checkout,
 * kept from run to run (as node_modules/.cache is) until the machine restarts. Without a tmpfs: undefined, and the
 * tests use node_modules/.cache and the system's temporary folder.
 */
const MEMORY = memoryFolder();
export const MEMORY_FILES =
  MEMORY === undefined
    ? undefined
    : path.join(MEMORY, `specfirst-tests-${createHash("sha256").update(ROOT).digest("hex").slice(0, 12)}`);
const SEEDS = MEMORY_FILES ?? path.join(ROOT, "node_modules", ".cache");
/** A project copy generated once per test run (test/setup/global.ts): its content-hash cache seeds every copy. */
export const CACHE_SEED = path.join(SEEDS, "specfirst-test-seed");
/** The same with `editSchema` (helpers/project-copy.ts) applied: its cache answers a run on the edited inputs. */
export const EDITED_SEED = path.join(SEEDS, "specfirst-test-seed-edited");
/**
 * The variable holding the system's temporary folder as it was before the run pointed TMPDIR into `MEMORY_FILES`
 * (test/setup/global.ts), on the disk: a folder that must be on the same file system as this checkout's
 * node_modules/ (to hard-link it) is made there.
 */
export const DISK_TMPDIR_VARIABLE = "SPECFIRST_TEST_DISK_TMPDIR";
/**
 * The two TypeScript compilers the tests run, by path: both packages name their command `tsc`, so
 * node_modules/.bin/tsc may be either (CONTRIBUTING.md says why both are installed).
 *
 * `TSC_7`, TypeScript 7 (the devDependency `typescript-7`, an alias of `typescript@7`, what `npm install typescript`
 * installs today): the project's compiler (`npm run typecheck`, `npm run build`, the test run's type check), and the
 * one the clients other generators write are compiled with (test/client-generators.test.ts).
 */
export const TSC_7 = path.join(ROOT, "node_modules", "typescript-7", "bin", "tsc");
/**
 * `TSC_5`, TypeScript 5.9 (the devDependency `typescript`, whose JavaScript API typescript-eslint, openapi-typescript
 * and typia use): the consumers' compiler in the package and entry-point tests, which check the package's
 * declarations under every module resolution a consumer may use, `node10` among them (gone from TypeScript 7).
 */
export const TSC_5 = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
/**
 * Where the type check started by test/setup/global.ts keeps its incremental state and writes its results: `built`
 * (an empty file) once its first step (the build of runtime/ and generated/ into dist/) has finished, `result` once
 * the whole check has.
 */
export const TYPECHECK = {
  dir: path.join(ROOT, "node_modules", ".cache", "specfirst-typecheck"),
  built: path.join(ROOT, "node_modules", ".cache", "specfirst-typecheck", "built"),
  result: path.join(ROOT, "node_modules", ".cache", "specfirst-typecheck", "result.json"),
};

/** Where vitest.config.ts keeps NODE_EXTRA_CA_CERTS, which it drops for the test run (see there). */
export const REGISTRY_CA_VARIABLE = "SPECFIRST_TEST_REGISTRY_CA";

/** `env` with NODE_EXTRA_CA_CERTS as it was before the test run, for a child that may reach the registry. */
export function withRegistryCa(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const bundle = env[REGISTRY_CA_VARIABLE];
  return bundle === undefined ? env : { ...env, NODE_EXTRA_CA_CERTS: bundle };
}

/** What tsc printed and its exit code. */
export interface TscResult {
  code: number | null;
  output: string;
}

/** Resolves once `file` exists (polled), as written by test/setup/global.ts, or `timeoutMs` has passed. */
async function written(file: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
}

/** The result of the type check test/setup/global.ts runs in the background, once it has finished. */
export async function typecheckResult(timeoutMs = 280_000): Promise<TscResult> {
  await written(TYPECHECK.result, timeoutMs);
  return JSON.parse(readFileSync(TYPECHECK.result, "utf8")) as TscResult;
}

/** Resolves once that type check's first step, the build of dist/, has finished (the rest may still run). */
export const distBuilt = (timeoutMs = 280_000) => written(TYPECHECK.built, timeoutMs);

export interface InvalidFixture {
  description: string;
  data: unknown;
  /** JSON pointer of the expected error (for a missing or unknown property: the property's own pointer). */
  pointer: string;
}

export function readJson<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** `[fileName, parsed]` for every `.json` file of a folder, sorted; none when the folder does not exist. */
export function jsonFiles<T = unknown>(dir: string): [string, T][] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => [name, readJson<T>(path.join(dir, name))]);
}
