import { readdirSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./fixtures.js";

/** The project's documentation: the README (the entry point), CONTRIBUTING.md and the manual under docs/, as paths relative to the root. */
export function docFiles(): string[] {
  const manual = readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort();
  return ["README.md", "CONTRIBUTING.md", ...manual.map((name) => `docs/${name}`)];
}

/** The Markdown with fenced code blocks blanked (a `#` line inside one is no heading, a `[x](y)` no link). */
export function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "");
}

/**
 * The anchor GitHub gives a heading: its text as rendered (code spans, links and emphasis reduced to their text),
 * lower-cased, every character but letters, digits, `_`, `-` and spaces dropped, spaces turned into `-`; a
 * repeated slug gets `-1`, `-2`, ... in order.
 */
export function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutCodeBlocks(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const text = (heading ?? "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}
