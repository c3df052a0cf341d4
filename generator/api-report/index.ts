import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { comparePackageApis, type PackageApiReport } from "./compare.js";
import { readEntryPoints } from "./entry-points.js";
import { extractApi } from "./extract.js";
import {
  API_REPORT_COMMAND,
  API_REPORT_DIR,
  readReport,
  renderReport,
  reportPath,
  type ReadReport,
} from "./report-file.js";

export type { PackageApiChange, PackageApiReport, Position } from "./compare.js";
export { API_REPORT_COMMAND, API_REPORT_DIR } from "./report-file.js";

const run = promisify(execFile);

/** The package's declarations cannot be built or read: a type error, no build config, an unreadable report. */
export class ApiReportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ApiReportError";
  }
}

/** The compiler of `npm run build` (TypeScript 7, CONTRIBUTING.md), by its path: `tsc` in node_modules/.bin is 5.9's. */
const TSC = path.join("node_modules", "typescript-7", "bin", "tsc");
const BUILD_CONFIG = "tsconfig.build.json";
/** Where `npm run build` writes, and package.json `exports` points: the reports name the files there. */
const BUILD_DIR = "dist";

/**
 * Today's reports, path → text: the declarations compiled as `npm run build` compiles them (its compiler and
 * tsconfig.build.json), emitted into a temporary folder, so that a dry run changes nothing and two runs at once do
 * not write dist/ together; then read with ts-morph, one report per entry point of package.json `exports`.
 */
export async function currentReports(root: string): Promise<Map<string, string>> {
  if (!existsSync(path.join(root, BUILD_CONFIG)))
    throw new ApiReportError(`${path.join(root, BUILD_CONFIG)} is missing: the package's declarations cannot be built`);
  const build = await mkdtemp(path.join(tmpdir(), "specfirst-api-"));
  try {
    const options = ["--outDir", build, "--emitDeclarationOnly", "--incremental", "false", "--composite", "false"];
    try {
      await run(process.execPath, [TSC, "-p", BUILD_CONFIG, ...options], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const output = `${String((error as { stdout?: string }).stdout ?? "")}${String((error as { stderr?: string }).stderr ?? "")}`;
      throw new ApiReportError(
        `the package's declarations do not build (tsc -p ${BUILD_CONFIG}):\n${output.trim() || (error as Error).message}`,
      );
    }
    // package.json names `dist/…`; this build stands for it. A pattern of `exports` is matched in it.
    const builtPath = (file: string) =>
      file === BUILD_DIR || file.startsWith(`${BUILD_DIR}/`)
        ? path.join(build, file.slice(BUILD_DIR.length))
        : path.join(root, file);
    const entryPoints = await readEntryPoints(root, builtPath);
    const outside = entryPoints.filter((entryPoint) => !entryPoint.types.startsWith(`${BUILD_DIR}/`));
    if (outside.length > 0)
      throw new ApiReportError(
        `package.json exports name declarations outside ${BUILD_DIR}/, which the build does not write: ${outside.map((entryPoint) => `${entryPoint.specifier} (${entryPoint.types})`).join(", ")}`,
      );
    const missing = entryPoints.filter((entryPoint) => !existsSync(builtPath(entryPoint.types)));
    if (missing.length > 0)
      throw new ApiReportError(
        `package.json exports name declarations the build does not write: ${missing.map((entryPoint) => `${entryPoint.specifier} (${entryPoint.types})`).join(", ")}`,
      );
    const apis = await extractApi(build, entryPoints, builtPath);
    return new Map(apis.map((api) => [reportPath(api.entryPoint.specifier), renderReport(api)]));
  } finally {
    await rm(build, { recursive: true, force: true });
  }
}

/** The report files in the working tree's `api/`, path → text. */
async function committedReports(root: string): Promise<Map<string, string>> {
  const dir = path.join(root, API_REPORT_DIR);
  const names = existsSync(dir) ? (await readdir(dir)).filter((name) => name.endsWith(".api.md")).sort() : [];
  return new Map(
    await Promise.all(
      names.map(async (name) => [`${API_REPORT_DIR}/${name}`, await readFile(path.join(dir, name), "utf8")] as const),
    ),
  );
}

/** What `api-report` did: the files written (or, with `check`, the stale ones) and those removed. */
export interface ApiReportResult {
  reports: string[];
  /** Written (or stale, with `check`): differs from what the build gives. */
  changed: string[];
  /** Removed (or, with `check`, to remove): a report of an entry point that no longer exists. */
  removed: string[];
}

/**
 * `specfirst api-report`: writes the reports of today's build into `api/`, or with `check` writes nothing and says
 * which are stale (CI: a stale report fails with the command that rewrites it).
 */
export async function writeApiReports(root: string, options: { check: boolean }): Promise<ApiReportResult> {
  const [current, committed] = await Promise.all([currentReports(root), committedReports(root)]);
  const changed = [...current].filter(([file, text]) => committed.get(file) !== text).map(([file]) => file);
  const removed = [...committed.keys()].filter((file) => !current.has(file));
  if (!options.check) {
    await mkdir(path.join(root, API_REPORT_DIR), { recursive: true });
    for (const file of changed) await writeFile(path.join(root, file), current.get(file) as string);
    for (const file of removed) await rm(path.join(root, file));
  }
  return { reports: [...current.keys()], changed, removed };
}

const git = (root: string, args: string[]) =>
  run("git", ["-C", root, ...args], { maxBuffer: 64 * 1024 * 1024 }).then((result) => result.stdout);

/** The reports committed at `ref`, read back; undefined when the ref has no `api/` folder. */
async function reportsAt(root: string, ref: string): Promise<ReadReport[] | undefined> {
  const listing = await git(root, ["ls-tree", "--name-only", `${ref}^{commit}`, "--", `${API_REPORT_DIR}/`]);
  const files = listing.split("\n").filter((file) => file.endsWith(".api.md"));
  if (files.length === 0) return undefined;
  return Promise.all(files.map(async (file) => read(file, await git(root, ["show", `${ref}^{commit}:${file}`]))));
}

function read(file: string, text: string): ReadReport {
  try {
    return readReport(file, text);
  } catch (error) {
    throw new ApiReportError((error as Error).message);
  }
}

/**
 * The package API's part of `specfirst diff <ref>` and `release`: the reports committed at `ref` against the
 * reports of today's build (the working tree's sources, built now: an edit shows before its report is rewritten).
 * Not compared (with the reason) when the ref has no reports. Throws ApiReportError when today's declarations do not
 * build.
 */
export async function diffPackageApi(options: { root: string; ref: string }): Promise<PackageApiReport> {
  const [before, now] = await Promise.all([reportsAt(options.root, options.ref), currentReports(options.root)]);
  if (before === undefined)
    return {
      compared: false,
      reason: `${options.ref} has no API report (${API_REPORT_DIR}/*.api.md), so the package's TypeScript API was not compared`,
      bump: "patch",
      breaking: 0,
      changes: [],
    };
  return comparePackageApis(
    before,
    [...now].map(([file, text]) => read(file, text)),
  );
}

/** The one line that says how to bring the reports up to date. */
export const staleMessage = (files: string[]) =>
  `API reports are stale; run \`${API_REPORT_COMMAND}\` and commit:\n${files.map((file) => `  ${file}\n`).join("")}`;
