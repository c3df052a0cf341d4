import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { bannerIntact } from "../format/banner.js";
import { GenerationFailed, type Problem } from "../problems.js";
import type { OutputFile } from "./output-file.js";

/**
 * The folder whose banner-carrying files belong to the generator; an orphan there (no longer produced) is removed when
 * its banner is intact, and stops the run when it was edited by hand (unless `--force`).
 */
const OWNED_DIRS = ["generated"];

export interface WriteReport {
  written: string[];
  unchanged: string[];
  removed: string[];
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Any file named like a temporary file (`<file>.<digits>.tmp`): never taken for an orphan. */
const TEMPORARY = /\.\d+\.tmp$/;

/** A generated file on disk (it carries the banner) that this run no longer produces. */
interface Orphan {
  path: string;
  /** Its content still matches the hash in its banner; false when it was edited by hand. */
  intact: boolean;
}

/** Banner-carrying files under the owned folders that this run no longer produces. */
async function findOrphans(root: string, outputs: OutputFile[], later: readonly string[] = []): Promise<Orphan[]> {
  const produced = new Set([...outputs.map((o) => o.path), ...later]);
  const orphans: Orphan[] = [];
  for (const dir of OWNED_DIRS) {
    for (const absolute of await listFiles(path.join(root, dir))) {
      const relative = path.relative(root, absolute).split(path.sep).join("/");
      if (produced.has(relative) || TEMPORARY.test(relative)) continue;
      const intact = bannerIntact(await readFile(absolute, "utf8"));
      if (intact !== undefined) orphans.push({ path: relative, intact });
    }
  }
  return orphans.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * Temporary files left by an interrupted earlier write of an output of this run (`<output>.<pid>.tmp`, see
 * `writeOutputs`), as absolute paths. Any other file, even one named like a temporary file, is not listed.
 */
async function findLeftoverTemporaries(root: string, outputs: OutputFile[]): Promise<string[]> {
  const produced = new Set(outputs.map((o) => path.join(root, o.path)));
  const folders = new Set([...produced].map((file) => path.dirname(file)));
  const leftovers: string[] = [];
  for (const folder of folders) {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const isLeftover =
        entry.isFile() &&
        TEMPORARY.test(entry.name) &&
        produced.has(path.join(folder, entry.name.replace(TEMPORARY, "")));
      if (isLeftover) leftovers.push(path.join(folder, entry.name));
    }
  }
  return leftovers;
}

/** One problem per orphan edited by hand: removing it would lose the edit. */
function handEditedOrphanProblems(orphans: Orphan[]): Problem[] {
  return orphans
    .filter((orphan) => !orphan.intact)
    .map((orphan) => ({
      file: orphan.path,
      pointer: "",
      message:
        "is no longer produced but was edited by hand (its content no longer matches the hash in its banner); move it away, or run with --force to remove it",
    }));
}

/** Paths whose file on disk differs from what this run produces (or that should no longer exist). Never writes. */
export async function findStale(root: string, outputs: OutputFile[]): Promise<string[]> {
  const stale: string[] = [];
  for (const output of outputs) {
    if ((await readIfExists(path.join(root, output.path))) !== output.contents) stale.push(output.path);
  }
  return [...stale, ...(await findOrphans(root, outputs)).map((orphan) => orphan.path)];
}

export interface WriteOptions {
  /** Overwrite generated files edited by hand and files without a banner, remove orphans edited by hand. */
  force: boolean;
  /** Outputs of this run that a later call writes (the docs in watch mode): checked now, never taken for orphans. */
  later?: readonly string[];
  /** This call writes the `later` outputs of a run whose first call already handled the orphans. */
  rest?: boolean;
}

/**
 * Writes the outputs that changed, each atomically (a temporary file in the same folder, then a rename), so an
 * interrupted run leaves every file either old or new, then removes the temporary files an interrupted earlier
 * write of these outputs left and the orphans. Refuses, before writing anything, to overwrite a file that is not
 * the generator's or a generated file edited by hand, or to remove an orphan edited by hand, unless `force`.
 */
export async function writeOutputs(root: string, outputs: OutputFile[], options: WriteOptions): Promise<WriteReport> {
  const report: WriteReport = { written: [], unchanged: [], removed: [] };
  const pending: OutputFile[] = [];
  const problems: Problem[] = [];
  const checkOwned = (file: string, current: string) => {
    const intact = bannerIntact(current);
    if (intact === undefined)
      problems.push({
        file,
        pointer: "",
        message: "exists but was not written by the generator (no banner); move it away or run with --force",
      });
    else if (!intact)
      problems.push({
        file,
        pointer: "",
        message:
          "was edited by hand (its content no longer matches the hash in its banner); edit schemas/ or templates/ instead, or run with --force to overwrite",
      });
  };
  for (const output of outputs) {
    const current = await readIfExists(path.join(root, output.path));
    if (current === output.contents) {
      report.unchanged.push(output.path);
      continue;
    }
    if (current !== undefined && !options.force) checkOwned(output.path, current);
    pending.push(output);
  }
  // Outputs a later call writes are checked now, so that a refusal still comes before anything is written.
  for (const later of options.later ?? []) {
    const current = await readIfExists(path.join(root, later));
    if (current !== undefined && !options.force) checkOwned(later, current);
  }
  const orphans = options.rest ? [] : await findOrphans(root, outputs, options.later);
  if (!options.force) problems.push(...handEditedOrphanProblems(orphans));
  if (problems.length > 0) throw new GenerationFailed(problems);

  for (const output of pending) {
    const target = path.join(root, output.path);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, output.contents);
    await rename(temporary, target);
    report.written.push(output.path);
  }
  for (const leftover of await findLeftoverTemporaries(root, outputs)) await rm(leftover, { force: true });
  for (const orphan of orphans) {
    await rm(path.join(root, orphan.path));
    report.removed.push(orphan.path);
  }
  return report;
}
