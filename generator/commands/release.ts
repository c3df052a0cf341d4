import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "../../runtime/cli/command.js";
import { CHANGELOG_FILE, readChangelog } from "../emit/docs-pages.js";
import type { Bump, DiffReport } from "../diff/report.js";
import type { GenerateResult } from "./generate.js";

const run = promisify(execFile);

export const RELEASE_HELP = `  specfirst release [--from <ref>] [--bump major|minor|patch] [--yes] [--force] [--root <folder>]
      Prepare the next release from the contract diff against the last release tag (the newest tag v*, found by
      git describe): print the report and the bump it asks for (major when anything breaks, minor when anything is
      added, patch otherwise) and the next version. A dry run unless --yes; it never commits, tags or publishes.
      The package's TypeScript API (api/*.api.md at the tag against today's build) counts too: a removed export is
      major, an added one minor; a tag without api/ is refused unless --force.
      --yes     apply: npm version <bump> --no-git-tag-version, prepend the changelog entry (the report as Markdown,
                breaking changes first, grouped by API, then the package API) to CHANGELOG.md, regenerate (the
                documents take the new version, the docs' changelog page the entry) and rewrite api/; then print the
                commands to test, commit, tag, publish
      --bump    release as this bump instead; one lower than the proposed bump is refused unless --force
      --from    compare with this git ref instead of the last release tag (needed before the first tag exists:
                the first release is the current version, tagged as it is: git tag v<version>)
      --force   release with a bump lower than proposed, with package.json not at the base tag's version, or
                from a base without API reports
      --root    project folder (default: this package)
      Exit 0 done (or dry run), 1 refused (nothing changed), 2 usage error, no base to compare with, or a ref
      or input that cannot be read.
`;

const BUMPS: readonly Bump[] = ["patch", "minor", "major"];
const isBump = (value: string): value is Bump => (BUMPS as readonly string[]).includes(value);

/** The next version as `npm version <bump>` computes it (a prerelease `1.0.0-rc.1` is released as `1.0.0` by the bump that reaches it). */
function nextVersion(version: string, bump: Bump): string | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(version);
  if (match === null) return undefined;
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const prerelease = match[4] !== undefined;
  if (bump === "major") return prerelease && minor === 0 && patch === 0 ? `${major}.0.0` : `${major + 1}.0.0`;
  if (bump === "minor") return prerelease && patch === 0 ? `${major}.${minor}.0` : `${major}.${minor + 1}.0`;
  return prerelease ? `${major}.${minor}.${patch}` : `${major}.${minor}.${patch + 1}`;
}

/** A Markdown document with its headings moved so that its shallowest one is at `level` (never deeper than 6). */
function nestHeadings(markdown: string, level: number): string {
  const levels = [...markdown.matchAll(/^(#{1,6}) /gm)].map((match) => (match[1] as string).length);
  if (levels.length === 0) return markdown;
  const shift = level - Math.min(...levels);
  let inFence = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^\s*```/.test(line)) inFence = !inFence;
      const heading = inFence ? null : /^(#{1,6}) /.exec(line);
      return heading === null
        ? line
        : `${"#".repeat(Math.min(6, (heading[1] as string).length + shift))}${line.slice((heading[1] as string).length)}`;
    })
    .join("\n");
}

/**
 * The changelog entry of a release: `## <version> — <date>`, one line with the bump and the counts against the base,
 * then the report as Markdown (its sections per API, breaking changes first in each), nested under the entry's
 * heading. formatReport's title and summary, which the entry's own line replaces, are left out (the bump released
 * may be another than the one it suggests, with --bump).
 */
function changelogEntry(options: {
  version: string;
  date: string;
  bump: Bump;
  report: DiffReport;
  markdown: string;
}): string {
  const { version, date, bump, report } = options;
  const changes = report.changes.length;
  const release = `${bump[0]?.toUpperCase()}${bump.slice(1)} release`;
  const plural = (count: number) => `${count} change${count === 1 ? "" : "s"}`;
  const contract =
    changes === 0 ? "no change to the published contract" : `${plural(changes)} to the published contract`;
  const api = report.packageApi?.compared === true ? report.packageApi.changes.length : undefined;
  const summary =
    api === undefined
      ? changes === 0
        ? `${release}: ${contract} since ${report.ref}.`
        : `${release}: ${contract} since ${report.ref}, ${report.breaking} breaking.`
      : `${release}: ${contract} and ${api === 0 ? "no change to the package API" : `${plural(api)} to the package API`} since ${report.ref}, ${report.breaking} breaking.`;
  const lines = options.markdown.split("\n");
  const sections = lines.findIndex((line, index) => index > 0 && /^#{1,6} /.test(line));
  const body = sections === -1 ? "" : lines.slice(sections).join("\n").trim();
  return `## ${version} — ${date}\n\n${summary}\n${body === "" ? "" : `\n${nestHeadings(body, 3)}\n`}`;
}

/** CHANGELOG.md with `entry` before its newest entry (its first `## ` heading), below its title and introduction. */
function prependEntry(changelog: string | undefined, entry: string): string {
  if (changelog === undefined || changelog.trim() === "") return `# Changelog\n\n${entry}`;
  const first = /^## /m.exec(changelog);
  if (first === null) return `${changelog.trimEnd()}\n\n${entry}`;
  return `${changelog.slice(0, first.index)}${entry}\n${changelog.slice(first.index)}`;
}

export interface ReleaseOptions {
  root: string;
  /** The git ref to compare with; default the last release tag. */
  from?: string;
  bump?: Bump;
  yes: boolean;
  force: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** The newest tag `v*` reachable from HEAD, or undefined when there is none; throws when `root` is not a git work tree. */
async function lastReleaseTag(root: string): Promise<string | undefined> {
  try {
    const { stdout } = await run("git", ["-C", root, "describe", "--tags", "--abbrev=0", "--match", "v*"]);
    return stdout.trim();
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? "");
    if (/No names found|No tags can describe|cannot describe/i.test(stderr)) return undefined;
    throw new Error(stderr.trim() || (error as Error).message);
  }
}

async function readManifest(root: string): Promise<{ version: string }> {
  const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as { version?: unknown };
  if (typeof manifest.version !== "string") throw new Error(`${path.join(root, "package.json")} has no version`);
  return { version: manifest.version };
}

/**
 * `specfirst release`: the contract diff against the last release tag, the bump it asks for, and with `yes` the
 * release prepared in the working tree (npm version, CHANGELOG.md entry, regenerated outputs). Never commits, tags
 * or publishes: it prints those steps.
 */
export async function runRelease(options: ReleaseOptions): Promise<number> {
  const { root, stdout, stderr } = options;
  const fail = (code: number, message: string) => (stderr(`specfirst release: ${message}\n`), code);
  let version: string;
  let base: string | undefined;
  try {
    version = (await readManifest(root)).version;
    base = options.from ?? (await lastReleaseTag(root));
  } catch (error) {
    return fail(EXIT_USAGE, (error as Error).message);
  }
  if (base === undefined) {
    return fail(
      EXIT_USAGE,
      `no release tag (v*) yet, so nothing to compare with: the first release is the current version ${version} as it is (CHANGELOG.md's entry; tag it: git tag v${version}), or pass --from <ref> to compare with a commit`,
    );
  }
  // A base tag that is not the version in package.json: a version was set (or released) without its tag.
  const baseVersion = /^v(\d+\.\d+\.\d+\S*)$/.exec(base)?.[1];
  if (options.from === undefined && baseVersion !== undefined && baseVersion !== version && !options.force) {
    return fail(
      EXIT_FAILURE,
      `package.json is at ${version} but the last release tag is ${base}: tag the release of ${version} first (git tag v${version}), or pass --force to release from ${version} anyway`,
    );
  }

  const { diffContract, formatReport, DiffInputError } = await import("../diff/report.js");
  let report: DiffReport;
  try {
    report = await diffContract({ root, ref: base });
  } catch (error) {
    if (error instanceof DiffInputError) return fail(EXIT_USAGE, error.message);
    throw error;
  }
  stdout(formatReport(report, "text"));
  const proposed = report.bump;
  const bump = options.bump ?? proposed;
  const next = nextVersion(version, bump);
  if (next === undefined)
    return fail(EXIT_USAGE, `package.json's version ${version} is not a semantic version (major.minor.patch)`);
  const apiChanges = report.packageApi?.changes.length ?? 0;
  const why =
    report.breaking > 0
      ? `${report.breaking} breaking change${report.breaking === 1 ? "" : "s"}`
      : report.changes.length + apiChanges > 0
        ? "no breaking change"
        : report.packageApi?.compared === true
          ? "no contract or package API change"
          : "no contract change";
  stdout(`proposed bump: ${proposed} (${why} since ${base})\n`);
  // The project keeps API reports but the base has none: the bump says nothing of the package's TypeScript API.
  if (report.packageApi?.compared === false) {
    if (!options.force)
      return fail(
        EXIT_FAILURE,
        `${report.packageApi.reason ?? "the package API was not compared"}: pass --from a ref that has api/, or --force to release by the contract alone`,
      );
    stderr(`specfirst release: warning: ${report.packageApi.reason ?? "the package API was not compared"} (--force)\n`);
  }
  if (BUMPS.indexOf(bump) < BUMPS.indexOf(proposed)) {
    const risk =
      proposed === "major"
        ? "callers would take a breaking change for a compatible one"
        : "callers would miss that something was added";
    if (!options.force)
      return fail(
        EXIT_FAILURE,
        `--bump ${bump} is lower than the proposed ${proposed}: ${risk}; pass --force to release it as ${bump} anyway`,
      );
    stderr(
      `specfirst release: warning: releasing as ${bump}, lower than the proposed ${proposed} (--force): ${risk}\n`,
    );
  }
  const changelog = await readChangelog(root);
  if (changelog !== undefined && new RegExp(`^## ${next.replace(/[.+]/g, "\\$&")}(?:\\s|$)`, "m").test(changelog)) {
    return fail(
      EXIT_FAILURE,
      `${CHANGELOG_FILE} already has an entry for ${next}: was it released? Tag it, or remove the entry`,
    );
  }
  stdout(`release: ${version} → ${next} (${bump})\n`);
  if (!options.yes) {
    stdout(
      `dry run: nothing changed. Run it again with --yes to set the version, write the ${CHANGELOG_FILE} entry and regenerate.\n`,
    );
    return EXIT_OK;
  }

  // Generation must succeed before anything is changed: a run on the current inputs (it writes nothing when it fails,
  // and refuses what the run after the bump would refuse too, such as a generated file edited by hand).
  const { generate } = await import("./generate.js");
  const { GenerationFailed, formatProblem } = await import("../problems.js");
  const generation = async (): Promise<GenerateResult | undefined> => {
    try {
      return await generate({ root });
    } catch (error) {
      if (!(error instanceof GenerationFailed)) throw error;
      stderr(error.problems.map((problem) => `  ${formatProblem(problem)}\n`).join(""));
      return undefined;
    }
  };
  if ((await generation()) === undefined)
    return fail(
      EXIT_FAILURE,
      "npm run generate fails on the current inputs (above): fix that first; nothing was changed",
    );
  try {
    await run("npm", ["version", bump, "--no-git-tag-version"], { cwd: root });
  } catch (error) {
    return fail(
      EXIT_USAGE,
      `npm version ${bump} --no-git-tag-version failed: ${String((error as { stderr?: string }).stderr ?? (error as Error).message).trim()}`,
    );
  }
  const released = (await readManifest(root)).version;
  const date = new Date().toISOString().slice(0, 10);
  const entry = changelogEntry({ version: released, date, bump, report, markdown: formatReport(report, "markdown") });
  await writeFile(path.join(root, CHANGELOG_FILE), prependEntry(changelog, entry));
  stdout(`package.json: ${released}\n${CHANGELOG_FILE}: entry for ${released} added\n`);
  const generated = await generation();
  if (generated === undefined)
    return fail(
      EXIT_FAILURE,
      `package.json is at ${released} and ${CHANGELOG_FILE} has its entry, but generation failed (above): fix it and run npm run generate`,
    );
  stdout(`generated/: ${generated.written?.written.length ?? 0} file(s) written\n`);
  if (report.packageApi !== undefined) {
    // The release commit carries today's reports: the next release compares with them.
    const { writeApiReports, ApiReportError, API_REPORT_DIR } = await import("../api-report/index.js");
    try {
      const reports = await writeApiReports(root, { check: false });
      stdout(`${API_REPORT_DIR}/: ${reports.changed.length + reports.removed.length} report(s) rewritten\n`);
    } catch (error) {
      if (!(error instanceof ApiReportError)) throw error;
      return fail(EXIT_FAILURE, `the API reports were not rewritten: ${error.message}`);
    }
  }
  stdout(
    `next steps:\n` +
      `  npm test\n` +
      `  git add -A && git commit -m "Release ${released}"\n` +
      `  git tag v${released}\n` +
      `  npm publish\n` +
      `  git push --follow-tags\n`,
  );
  return EXIT_OK;
}

/** `specfirst release` from the command line (generator/commands/cli.ts). */
export async function runReleaseCommand(args: string[], defaults: { root: string }): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        from: { type: "string" },
        bump: { type: "string" },
        yes: { type: "boolean" },
        force: { type: "boolean" },
        root: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    process.stderr.write(`specfirst release: ${(error as Error).message} (see specfirst release --help)\n`);
    return EXIT_USAGE;
  }
  if (values.help) {
    process.stdout.write(`Usage:\n${RELEASE_HELP}`);
    return EXIT_OK;
  }
  if (values.bump !== undefined && !isBump(values.bump)) {
    process.stderr.write(`specfirst release: --bump must be major, minor or patch, not '${values.bump}'\n`);
    return EXIT_USAGE;
  }
  return runRelease({
    root: values.root ?? defaults.root,
    ...(values.from === undefined ? {} : { from: values.from }),
    ...(values.bump === undefined ? {} : { bump: values.bump }),
    yes: values.yes ?? false,
    force: values.force ?? false,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
  });
}
