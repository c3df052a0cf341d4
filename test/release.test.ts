import { execFile, execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runRelease, type ReleaseOptions } from "../generator/commands/release.js";
import { emitChangelogPage } from "../generator/emit/docs-pages.js";
import { GENERATOR_CLI, runCli, type CliResult } from "./helpers/cli.js";
import { copyProject, editSchema } from "./helpers/project-copy.js";

// `specfirst release` on a throwaway git repository holding a copy of the project: tagged, edited, released.

const git = (repo: string, ...args: string[]) =>
  execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { stdio: "pipe" }).toString();

/** A copy of the project committed in a new git repository (its cache ignored), with no tag. */
function projectRepository(): string {
  const repo = copyProject({ edited: true });
  writeFileSync(path.join(repo, ".gitignore"), "node_modules/\n");
  git(repo, "init", "-q");
  git(repo, "add", ".");
  git(repo, "commit", "-qm", "initial contract");
  return repo;
}

/**
 * `specfirst release --root <repo> ...`, by the development CLI as `npm run release` runs it: for the command line
 * (its options, help and usage errors) and the exit codes through a process, and for one whole release.
 */
const releaseCli = (repo: string, ...args: string[]) =>
  new Promise<CliResult>((resolve) => {
    execFile(process.execPath, [GENERATOR_CLI, "release", "--root", repo, ...args], (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : (error.code as number), stdout, stderr }),
    );
  });

/**
 * The same release in this process (what the CLI runs once it has read its options): the release at the tag, which
 * every run compares with, is then built once (generator/diff/sides.ts keeps it) instead of once per spawned run.
 */
async function release(
  repo: string,
  options: Partial<Pick<ReleaseOptions, "from" | "bump" | "yes" | "force">> = {},
): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await runRelease({
    root: repo,
    yes: false,
    force: false,
    ...options,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}
const readText = (repo: string, file: string) => readFileSync(path.join(repo, file), "utf8");
const packageVersion = (repo: string) => (JSON.parse(readText(repo, "package.json")) as { version: string }).version;
const documentVersion = (repo: string, api: string) =>
  (parse(readText(repo, `generated/openapi/${api}.yaml`)) as { info: { version: string } }).info.version;

/** A breaking change (Select's `text` becomes required: a producer's menu without it is now rejected). */
function breakSelect(repo: string): void {
  const file = path.join(repo, "schemas/messaging/select.schema.json");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(
      '"type": "object",\n  "properties"',
      '"type": "object",\n  "required": ["text"],\n  "properties"',
    ),
  );
}

describe("specfirst release", () => {
  let repo: string;
  beforeAll(() => {
    repo = projectRepository();
  });

  it("with no release tag, says so in one line and how to make the first release; exit 2, nothing changed", async () => {
    const result = await release(repo);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("no release tag (v*) yet");
    expect(result.stderr).toContain("git tag v0.1.0");
    expect(result.stderr).toContain("--from <ref>");
    expect(git(repo, "status", "--porcelain")).toBe("");
  });

  it("proposes patch with no contract change, minor for a compatible edit, major for a breaking one; a dry run changes nothing", async () => {
    git(repo, "tag", "v0.1.0");
    const unchanged = await release(repo);
    expect(unchanged.code, unchanged.stderr).toBe(0);
    expect(unchanged.stdout).toContain("proposed bump: patch (no contract change since v0.1.0)");
    expect(unchanged.stdout).toContain("release: 0.1.0 → 0.1.1 (patch)");
    expect(unchanged.stdout).toContain("dry run: nothing changed");

    editSchema(repo); // Reason gets an optional field
    const compatible = await release(repo);
    expect(compatible.code, compatible.stderr).toBe(0);
    expect(compatible.stdout).toContain("proposed bump: minor (no breaking change since v0.1.0)");
    expect(compatible.stdout).toContain("release: 0.1.0 → 0.2.0 (minor)");

    breakSelect(repo);
    const breaking = await release(repo);
    expect(breaking.code, breaking.stderr).toBe(0);
    expect(breaking.stdout).toMatch(/proposed bump: major \(\d+ breaking changes? since v0\.1\.0\)/);
    expect(breaking.stdout).toContain("release: 0.1.0 → 1.0.0 (major)");
    expect(git(repo, "status", "--porcelain", "--", "package.json", "CHANGELOG.md", "generated")).toBe("");
  });

  it("refuses a bump lower than proposed without --force (exit 1), warns with it; usage errors exit 2; a hand-edited output stops --yes before the version changes", async () => {
    const lower = await releaseCli(repo, "--bump", "minor");
    expect(lower.code).toBe(1);
    expect(lower.stderr).toContain("--bump minor is lower than the proposed major");
    expect(lower.stderr).toContain("--force");

    const forced = await release(repo, { bump: "minor", force: true });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain("warning: releasing as minor, lower than the proposed major");
    expect(forced.stdout).toContain("release: 0.1.0 → 0.2.0 (minor)");

    const help = await releaseCli(repo, "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("specfirst release [--from <ref>] [--bump major|minor|patch] [--yes]");
    const notRepository = await release(copyProject({ cache: false }));
    expect(notRepository.code).toBe(2);
    expect(notRepository.stderr).toMatch(/^specfirst release: .*not a git repository/);
    expect((await releaseCli(repo, "--bump", "huge")).code).toBe(2);
    expect((await releaseCli(repo, "--yse")).code).toBe(2);
    const badRef = await release(repo, { from: "no-such-ref" });
    expect(badRef.code).toBe(2);
    expect(badRef.stderr).toContain("no-such-ref");
    expect(packageVersion(repo)).toBe("0.1.0");
    expect(git(repo, "status", "--porcelain", "--", "package.json", "CHANGELOG.md", "generated")).toBe("");

    // A generated file edited by hand: the regeneration would refuse to overwrite it, so nothing is changed.
    const edited = path.join(repo, "generated/configs/types.ts");
    writeFileSync(edited, `${readFileSync(edited, "utf8")}// a hand edit\n`);
    const handEdited = await release(repo, { yes: true });
    expect(handEdited.code).toBe(1);
    expect(handEdited.stderr).toContain("generated/configs/types.ts: was edited by hand");
    expect(handEdited.stderr).toContain(
      "npm run generate fails on the current inputs (above): fix that first; nothing was changed",
    );
    expect(packageVersion(repo)).toBe("0.1.0");
    git(repo, "checkout", "--", "generated/configs/types.ts");
    expect(git(repo, "status", "--porcelain", "--", "package.json", "CHANGELOG.md", "generated")).toBe("");
  });

  it("--yes bumps package.json and the documents, prepends the changelog entry (breaking first), regenerates the changelog page", async () => {
    const before = readText(repo, "CHANGELOG.md");
    const result = await releaseCli(repo, "--yes");
    expect(result.code, result.stderr).toBe(0);
    expect(packageVersion(repo)).toBe("1.0.0");
    expect(documentVersion(repo, "messaging")).toBe("1.0.0");
    expect(documentVersion(repo, "configs")).toBe("1.0.0");
    for (const step of ["npm test", 'git add -A && git commit -m "Release 1.0.0"', "git tag v1.0.0", "npm publish"])
      expect(result.stdout).toContain(step);
    // Nothing was committed or tagged.
    expect(git(repo, "tag", "--list")).toBe("v0.1.0\n");
    expect(git(repo, "rev-list", "--count", "HEAD").trim()).toBe("1");

    const changelog = readText(repo, "CHANGELOG.md");
    const heading = new RegExp(`^## 1\\.0\\.0 — ${new Date().toISOString().slice(0, 10)}$`, "m");
    expect(changelog).toMatch(heading);
    // Prepended: the title and introduction stay on top, the new entry comes before 0.1.0's, which is kept whole.
    const entryStart = changelog.search(heading);
    expect(changelog.slice(0, entryStart)).toBe(before.slice(0, before.indexOf("## 0.1.0")));
    expect(changelog.endsWith(before.slice(before.indexOf("## 0.1.0")))).toBe(true);
    const entry = changelog.slice(entryStart, changelog.indexOf("## 0.1.0"));
    expect(entry).toContain("Major release:");
    expect(entry).toContain("since v0.1.0");
    // The breaking change (Select's text required) before the compatible one (Reason's new retry_after).
    expect(entry.indexOf("select.schema.json")).toBeGreaterThan(-1);
    expect(entry.indexOf("retry_after")).toBeGreaterThan(entry.indexOf("select.schema.json"));

    const page = readText(repo, "generated/docs/changelog.html");
    expect(page).toContain('<h2 id="1.0.0');
    expect(page.indexOf('<h2 id="1.0.0')).toBeLessThan(page.indexOf('<h2 id="0.1.0'));
    expect(page).toMatch(
      /<td><strong>BREAKING for producers[^<]*<\/strong><\/td><td><code>schema-field-became-required<\/code>/,
    );
    expect(page).toContain("retry_after");
    // The outputs are exactly what the new inputs produce.
    const check = await runCli(["generate", "--check", "--root", repo]);
    expect(check.code, check.stderr).toBe(0);
  });

  it("refuses to release again from a version whose tag is missing (exit 1); once tagged, the next release compares with it", async () => {
    const result = await release(repo);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("package.json is at 1.0.0 but the last release tag is v0.1.0");
    expect(result.stderr).toContain("git tag v1.0.0");
    const forced = await release(repo, { force: true });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("release: 1.0.0 → 2.0.0 (major)");
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "Release 1.0.0");
    git(repo, "tag", "v1.0.0");
    const next = await release(repo);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain("proposed bump: patch (no contract change since v1.0.0)");

    // An entry for the next version already in CHANGELOG.md: released (or prepared) before, refused.
    const changelog = readText(repo, "CHANGELOG.md");
    writeFileSync(
      path.join(repo, "CHANGELOG.md"),
      changelog.replace("## 1.0.0 —", "## 1.0.1 — 2026-01-01\n\nBy hand.\n\n## 1.0.0 —"),
    );
    const again = await release(repo, { yes: true });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("CHANGELOG.md already has an entry for 1.0.1");
    expect(packageVersion(repo)).toBe("1.0.0");
  });
});

describe("the changelog page", () => {
  it("is rewritten by npm run generate when only CHANGELOG.md changes (the cache keys it), and by nothing else", async () => {
    const copy = copyProject();
    writeFileSync(
      path.join(copy, "CHANGELOG.md"),
      readText(copy, "CHANGELOG.md").replace("## 0.1.0", "## 0.1.1 — 2026-01-02\n\nPatch release: <none>.\n\n## 0.1.0"),
    );
    const result = await runCli(["generate", "--root", copy, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { written: { written: string[] } }).written.written).toEqual([
      "generated/docs/changelog.html",
    ]);
    expect(readText(copy, "generated/docs/changelog.html")).toContain(
      '<h2 id="0.1.1-2026-01-02">0.1.1 — 2026-01-02</h2>\n<p>Patch release: &lt;none&gt;.</p>',
    );
  });

  it("renders CHANGELOG.md as static HTML: HTML in it is escaped, only http(s), relative and fragment links are kept", () => {
    const page = emitChangelogPage(
      "# Changelog\n\n## 1.0.0 — 2026-01-01\n\n- `<b>` field <script>alert(1)</script> [docs](https://example.com/x) [bad](javascript:alert(1))\n  - nested **bold**\n",
    ).contents;
    expect(page).not.toContain("<script>alert");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("<code>&lt;b&gt;</code>");
    expect(page).toContain('<a href="https://example.com/x">docs</a>');
    expect(page).not.toContain("javascript:");
    expect(page).toContain('<h2 id="1.0.0-2026-01-01">1.0.0 — 2026-01-01</h2>');
    expect(page).toMatch(/<li>.*<ul>\n<li>nested <strong>bold<\/strong><\/li>/s);
    expect(emitChangelogPage(undefined).contents).toContain("No release has been recorded yet");
  });
});
