import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { bannerIntact } from "./banner.js";
import { GenerationFailed, type Problem } from "./problems.js";
import type { OutputFile } from "./outputs.js";

/** Folders whose banner-carrying files belong to the generator; an orphan there (no longer produced) is removed. */
const OWNED_DIRS = ["generated", "openapi"];

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

/** Temporary files of an interrupted earlier run (`<file>.<pid>.tmp`, see `writeOutputs`). */
const TEMPORARY = /\.\d+\.tmp$/;

/** Generated files present on disk that this run no longer produces. */
async function findOrphans(root: string, outputs: OutputFile[]): Promise<string[]> {
  const produced = new Set(outputs.map((o) => o.path));
  const orphans: string[] = [];
  for (const dir of OWNED_DIRS) {
    for (const absolute of await listFiles(path.join(root, dir))) {
      const relative = path.relative(root, absolute).split(path.sep).join("/");
      if (produced.has(relative) || TEMPORARY.test(relative)) continue;
      if (bannerIntact(await readFile(absolute, "utf8")) !== undefined) orphans.push(relative);
    }
  }
  return orphans.sort();
}

/** Paths whose file on disk differs from what this run produces (or that should no longer exist). Never writes. */
export async function findStale(root: string, outputs: OutputFile[]): Promise<string[]> {
  const stale: string[] = [];
  for (const output of outputs) {
    if ((await readIfExists(path.join(root, output.path))) !== output.contents) stale.push(output.path);
  }
  return [...stale, ...(await findOrphans(root, outputs))];
}

/**
 * Writes the outputs that changed, each atomically (a temporary file in the same folder, then a rename), so an
 * interrupted run leaves every file either old or new. Refuses, before writing anything, to overwrite a file
 * that is not the generator's or a generated file edited by hand, unless `force`.
 */
export async function writeOutputs(root: string, outputs: OutputFile[], options: { force: boolean }): Promise<WriteReport> {
  const report: WriteReport = { written: [], unchanged: [], removed: [] };
  const pending: OutputFile[] = [];
  const problems: Problem[] = [];
  for (const output of outputs) {
    const current = await readIfExists(path.join(root, output.path));
    if (current === output.contents) {
      report.unchanged.push(output.path);
      continue;
    }
    if (current !== undefined && !options.force) {
      const intact = bannerIntact(current);
      if (intact === undefined) problems.push({ file: output.path, pointer: "", message: "exists but was not written by the generator (no banner); move it away or run with --force" });
      else if (!intact) problems.push({ file: output.path, pointer: "", message: "was edited by hand (its content no longer matches the hash in its banner); edit schemas/ or templates/ instead, or run with --force to overwrite" });
    }
    pending.push(output);
  }
  if (problems.length > 0) throw new GenerationFailed(problems);

  for (const output of pending) {
    const target = path.join(root, output.path);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, output.contents);
    await rename(temporary, target);
    report.written.push(output.path);
  }
  for (const dir of OWNED_DIRS) {
    for (const leftover of (await listFiles(path.join(root, dir))).filter((file) => TEMPORARY.test(file))) await rm(leftover, { force: true });
  }
  for (const orphan of await findOrphans(root, outputs)) {
    await rm(path.join(root, orphan));
    report.removed.push(orphan);
  }
  return report;
}
