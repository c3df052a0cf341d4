import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { docFiles, headingSlugs, withoutCodeBlocks } from "./helpers/doc-files.js";
import { ROOT } from "./helpers/fixtures.js";

/** Every link target of a Markdown file outside code (fenced blocks and inline code spans), as written. */
function linkTargets(markdown: string): string[] {
  const prose = withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? "");
}

const files = docFiles();

describe("the documentation's links", () => {
  it.each(files)("every relative link and #anchor of %s resolves", (file) => {
    const broken: string[] = [];
    for (const target of linkTargets(readFileSync(path.join(ROOT, file), "utf8"))) {
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // http:, https:, mailto:: not this project's files
      const [where = "", anchor] = target.split("#");
      const resolved =
        where === ""
          ? path.join(ROOT, file)
          : path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(where));
      if (!resolved.startsWith(ROOT + path.sep) || !existsSync(resolved)) {
        broken.push(`${target}: no file ${path.relative(ROOT, resolved)}`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!resolved.endsWith(".md")) broken.push(`${target}: an anchor into a file that is not Markdown`);
      else if (!headingSlugs(readFileSync(resolved, "utf8")).has(anchor))
        broken.push(`${target}: no heading of ${path.relative(ROOT, resolved)} has the anchor #${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it("finds links and anchors as GitHub renders them", () => {
    expect([
      ...headingSlugs(
        "# What `diff` reports\n## The generator's stages\n### Web-standard `Request` (`specfirst/web`)\n```sh\n# not a heading\n```\n## Notes\n## Notes",
      ),
    ]).toEqual(["what-diff-reports", "the-generators-stages", "web-standard-request-specfirstweb", "notes", "notes-1"]);
    expect(linkTargets("[a](docs/x.md#y) `[b](no.md)` and\n```ts\n[c](no.md)\n```\n[d](https://example.net)")).toEqual([
      "docs/x.md#y",
      "https://example.net",
    ]);
  });

  it("cover the README, CONTRIBUTING.md and every file of docs/", () => {
    expect(files.slice(0, 2)).toEqual(["README.md", "CONTRIBUTING.md"]);
    expect(files.filter((file) => file.startsWith("docs/")).length).toBeGreaterThanOrEqual(11);
  });
});

describe("the README", () => {
  it("is an entry point of at most 250 lines, the manual holding the rest", () => {
    expect(readFileSync(path.join(ROOT, "README.md"), "utf8").trimEnd().split("\n").length).toBeLessThanOrEqual(250);
  });
});
