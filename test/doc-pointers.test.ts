/**
 * Comments, help text and the CHANGELOG name documents by path and anchor (`docs/validating.md#validation-input`,
 * CONTRIBUTING.md#the-consumer-tier): every such pointer must resolve, the file existing and, when an anchor is
 * given, a heading of that Markdown file having it. A pointer to a README section by its title in quotes is what
 * this replaced: it went stale silently when the section moved out.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headingSlugs } from "./helpers/doc-files.js";
import { ROOT } from "./helpers/fixtures.js";

/** The files whose text points at documents: code, scripts, templates and tests, and the CHANGELOG. */
function pointingFiles(): string[] {
  const tracked = execFileSync(
    "git",
    ["ls-files", "runtime", "generator", "bench", "bin", "scripts", "templates", "test"],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  )
    .split("\n")
    .filter((file) => /\.(ts|mts|cts|js|mjs|cjs)$/.test(file) && !file.startsWith("test/fixtures/"));
  // the two tests of links and pointers hold examples, not pointers
  const examples = new Set(["test/doc-pointers.test.ts", "test/doc-links.test.ts"]);
  return ["CHANGELOG.md", ...tracked.filter((file) => !examples.has(file))];
}

/** Every `path.md#anchor`, and every `docs/name.md` without one, in a text: [path, anchor or undefined]. */
export function pointers(text: string): [string, string | undefined][] {
  const found: [string, string | undefined][] = [];
  for (const match of text.matchAll(/(?<![\w./-])((?:[\w-]+\/)*[\w-]+\.md)(?:#([\w-]+))?/g)) {
    const [, file = "", anchor] = match;
    if (anchor !== undefined || file.startsWith("docs/")) found.push([file, anchor]);
  }
  return found;
}

const slugsOf = new Map<string, Set<string>>();
function slugs(file: string): Set<string> {
  let known = slugsOf.get(file);
  if (known === undefined) {
    known = headingSlugs(readFileSync(path.join(ROOT, file), "utf8"));
    slugsOf.set(file, known);
  }
  return known;
}

describe("pointers to documents in code, help text and the CHANGELOG", () => {
  it("resolve: the file exists and has the anchor", () => {
    const broken: string[] = [];
    let resolved = 0;
    for (const file of pointingFiles()) {
      for (const [target, anchor] of pointers(readFileSync(path.join(ROOT, file), "utf8"))) {
        // a bare name (README.md#x) is read from the root, or beside the pointing file (bench/README.md from bench/)
        const candidates = [path.join(path.dirname(file), target), target];
        const where = candidates.find((candidate) => existsSync(path.join(ROOT, candidate)));
        if (where === undefined) broken.push(`${file}: ${target}${anchor ? `#${anchor}` : ""}: no such file`);
        else if (anchor !== undefined && !slugs(where).has(anchor))
          broken.push(`${file}: ${target}#${anchor}: no heading of ${where} has this anchor`);
        else resolved++;
      }
    }
    expect(broken).toEqual([]);
    expect(resolved).toBeGreaterThan(40);
  });

  it('never name a section by its title in quotes (README "Releasing", the README\'s Sandbox section)', () => {
    const byTitle: string[] = [];
    for (const file of pointingFiles()) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const match of text.matchAll(/\bREADME(?:\.md)?(?:'s [A-Z][\w ]* section|,? "[^"\n]+")/g))
        byTitle.push(`${file}: ${match[0]}`);
    }
    expect(byTitle).toEqual([]);
  });

  it("finds pointers with and without anchors", () => {
    expect(pointers("see docs/validating.md#validation-input, CONTRIBUTING.md#the-tier and docs/a.md.")).toEqual([
      ["docs/validating.md", "validation-input"],
      ["CONTRIBUTING.md", "the-tier"],
      ["docs/a.md", undefined],
    ]);
    expect(pointers("api/*.api.md and generated/docs/x.html")).toEqual([]);
  });
});
