import { readFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "../write/output-file.js";
import type { JsonObject } from "../../runtime/json/json-text.js";
import { apiOutput, docsOutput } from "../model/output-paths.js";
import { escapeHtml, renderInline, renderMarkdown } from "./markdown-html.js";

/** The changelog, at the project root: `specfirst release` prepends an entry, the changelog page renders it. */
export const CHANGELOG_FILE = "CHANGELOG.md";

/** The changelog's text, or undefined when the project has none. */
export async function readChangelog(root: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(root, CHANGELOG_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** What the index shows of one API: read from its built document's `info`. */
export interface IndexEntry {
  api: string;
  title: string;
  version: string;
  summary: string;
  /** The first paragraph of the description (Markdown). */
  description: string;
}

/** The index's view of a built document (the cache key of the index page is the list of these). */
export function indexEntry(api: string, document: JsonObject): IndexEntry {
  const info = (document.info ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const description = text(info.description).split(/\n\s*\n/)[0] ?? "";
  return {
    api,
    title: text(info.title) || api,
    version: text(info.version),
    summary: text(info.summary),
    description: description.replace(/\s*\n\s*/g, " "),
  };
}

/** The link from a page of generated/docs/ to another output. */
const linkFrom = (page: string, target: string) => path.posix.relative(path.posix.dirname(page), target);

/** A static page: no script, no network, styles inline. */
function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
a { color: #0969da; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; background: #f3f4f6; padding: 0.1em 0.3em; border-radius: 4px; font-size: 0.9em; }
pre { background: #f3f4f6; padding: 0.75rem; overflow-x: auto; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d7de; padding: 0.25rem 0.5rem; text-align: left; }
.api { border: 1px solid #d0d7de; border-radius: 6px; padding: 0.75rem 1rem; margin: 1rem 0; }
.api h2 { margin: 0; font-size: 1.25rem; }
.version { color: #59636e; font-size: 0.9em; font-weight: normal; }
nav { margin-bottom: 1.5rem; }
</style>
</head>
<body>
${body}</body>
</html>
`;
}

/** generated/docs/index.html: a link to each API's page with its title, version and description, and to the changelog. */
export function emitDocsIndex(entries: readonly IndexEntry[]): OutputFile {
  const apis = [...entries].sort((a, b) => (a.api < b.api ? -1 : a.api > b.api ? 1 : 0));
  const cards = apis
    .map(
      (entry) => `<section class="api" id="${escapeHtml(entry.api)}">
<h2><a href="${escapeHtml(linkFrom(docsOutput.index, apiOutput.docs(entry.api)))}">${escapeHtml(entry.title)}</a> <span class="version">${escapeHtml(entry.version)}</span></h2>
${entry.summary ? `<p><strong>${renderInline(entry.summary)}</strong></p>\n` : ""}${entry.description ? `<p>${renderInline(entry.description)}</p>\n` : ""}</section>
`,
    )
    .join("");
  const body = `<h1>API reference</h1>
<nav><a href="${escapeHtml(linkFrom(docsOutput.index, docsOutput.changelog))}">Changelog</a></nav>
${cards}`;
  return { path: docsOutput.index, contents: page("API reference", body) };
}

/**
 * generated/docs/changelog.html: CHANGELOG.md rendered (each heading with an anchor made from its text), with a link
 * back to the index. Without a CHANGELOG.md, a page that says so.
 */
export function emitChangelogPage(changelog: string | undefined): OutputFile {
  const content =
    changelog === undefined || changelog.trim() === ""
      ? "<h1>Changelog</h1>\n<p>No release has been recorded yet (CHANGELOG.md is empty or missing).</p>\n"
      : renderMarkdown(changelog, { headingIds: true });
  const body = `<nav><a href="${escapeHtml(linkFrom(docsOutput.changelog, docsOutput.index))}">API reference</a></nav>
${content}`;
  return { path: docsOutput.changelog, contents: page("Changelog", body) };
}
