/**
 * A small Markdown-to-HTML renderer for the docs index and the changelog page: the subset CHANGELOG.md and the
 * OpenAPI descriptions use, nothing more. Blocks: ATX headings (`#` to `######`), paragraphs, `-`/`*` lists nested by
 * indentation, fenced code blocks, pipe tables with a `|---|` separator row (`\|` for a pipe in a cell), `---` rules.
 * Inline: `code`, **strong**, *emphasis*, [text](link), `<br>` (the line break of a table cell, the only tag kept).
 * Every other character is text: HTML in the source is escaped, never passed through, and a link whose target is
 * not http(s), a relative path or a fragment is shown as its text alone.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[char]};`);
}

/** A heading's anchor: lower case, runs of anything but letters, digits and `.` made one `-`. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const SAFE_LINK = /^(?:https?:\/\/|#|\.{0,2}\/|[\w.-]+(?:[/#?]|$))/i;

/** Inline Markdown of one line or paragraph: code spans first (their content is literal), then links, strong, emphasis. */
export function renderInline(text: string): string {
  const parts = text.split(/(`[^`]+`)/);
  return parts
    .map((part, index) => {
      if (index % 2 === 1) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      return escapeHtml(part)
        .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_match, label: string, target: string) =>
          SAFE_LINK.test(target) ? `<a href="${target}">${label}</a>` : label,
        )
        .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
        .replace(/(^|[^\w*])\*([^*\s][^*]*)\*(?!\w)/g, "$1<em>$2</em>")
        .replace(/&lt;br\s*\/?&gt;/gi, "<br>");
    })
    .join("");
}

interface ListItem {
  indent: number;
  lines: string[];
}

const LIST_ITEM = /^(\s*)[-*] (.*)$/;
const HEADING = /^(#{1,6}) (.*?)\s*#*\s*$/;
const FENCE = /^\s*```/;
const RULE = /^\s*(?:-{3,}|\*{3,})\s*$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

const tableCells = (line: string) =>
  line
    .trim()
    .replace(/^\||(?<!\\)\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, "|"));

/** Nested `<ul>` from list items, nesting by indentation (an item indented deeper than the one before is its child). */
function renderList(items: ListItem[]): string {
  let html = "";
  let index = 0;
  const level = (indent: number): string => {
    let out = "<ul>\n";
    while (index < items.length && (items[index] as ListItem).indent >= indent) {
      const item = items[index] as ListItem;
      index++;
      out += `<li>${renderInline(item.lines.join(" "))}`;
      if (index < items.length && (items[index] as ListItem).indent > item.indent)
        out += `\n${level((items[index] as ListItem).indent)}`;
      out += "</li>\n";
    }
    return `${out}</ul>\n`;
  };
  while (index < items.length) html += level((items[index] as ListItem).indent);
  return html;
}

/**
 * Renders a Markdown document. With `headingIds`, each heading gets an `id` from its text (`slug`; a repeated one
 * takes `-1`, `-2`, ... as on GitHub), so a page can link to a version's entry.
 */
export function renderMarkdown(markdown: string, options: { headingIds?: boolean } = {}): string {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let html = "";
  let index = 0;
  const at = (i: number) => lines[i] ?? "";
  const ids = new Set<string>();
  const uniqueId = (text: string) => {
    const base = slug(text);
    let id = base;
    for (let n = 1; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
    return id;
  };
  while (index < lines.length) {
    const line = at(index);
    if (line.trim() === "") {
      index++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading !== null) {
      const level = (heading[1] as string).length;
      const text = heading[2] as string;
      const id = options.headingIds ? ` id="${escapeHtml(uniqueId(text))}"` : "";
      html += `<h${level}${id}>${renderInline(text)}</h${level}>\n`;
      index++;
      continue;
    }
    if (FENCE.test(line)) {
      const body: string[] = [];
      index++;
      while (index < lines.length && !FENCE.test(at(index))) body.push(at(index++));
      index++; // the closing fence (or the end)
      html += `<pre><code>${escapeHtml(body.join("\n"))}</code></pre>\n`;
      continue;
    }
    if (RULE.test(line)) {
      html += "<hr>\n";
      index++;
      continue;
    }
    if (line.includes("|") && TABLE_SEPARATOR.test(at(index + 1)) && at(index + 1).includes("-")) {
      const header = tableCells(line);
      index += 2;
      const rows: string[][] = [];
      while (index < lines.length && at(index).includes("|") && at(index).trim() !== "")
        rows.push(tableCells(at(index++)));
      const cells = (tag: string, row: string[]) =>
        row.map((cell) => `<${tag}>${renderInline(cell)}</${tag}>`).join("");
      html += `<table>\n<thead><tr>${cells("th", header)}</tr></thead>\n<tbody>\n${rows.map((row) => `<tr>${cells("td", row)}</tr>\n`).join("")}</tbody>\n</table>\n`;
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const items: ListItem[] = [];
      while (index < lines.length && at(index).trim() !== "" && !HEADING.test(at(index)) && !FENCE.test(at(index))) {
        const item = LIST_ITEM.exec(at(index));
        if (item !== null) items.push({ indent: (item[1] as string).length, lines: [item[2] as string] });
        else items[items.length - 1]?.lines.push(at(index).trim()); // a continuation line of the item above
        index++;
      }
      html += renderList(items);
      continue;
    }
    const paragraph: string[] = [];
    while (
      index < lines.length &&
      at(index).trim() !== "" &&
      !HEADING.test(at(index)) &&
      !FENCE.test(at(index)) &&
      !LIST_ITEM.test(at(index))
    )
      paragraph.push(at(index++).trim());
    html += `<p>${renderInline(paragraph.join(" "))}</p>\n`;
  }
  return html;
}
