import type { EntryPointApi, ReportedDeclaration } from "./extract.js";

/** The folder of the reports, at the project root: one `<entry point>.api.md` per entry point. */
export const API_REPORT_DIR = "api";

/** The command that rewrites the reports (the drift check and the docs name it). */
export const API_REPORT_COMMAND = "npm run api-report";

/** `specfirst/messaging/validators` → `api/specfirst-messaging-validators.api.md`, as api-extractor names its reports. */
export const reportPath = (specifier: string) => `${API_REPORT_DIR}/${specifier.replaceAll("/", "-")}.api.md`;

/** A report as read back: the entry point and its declarations, each with whether it is exported. */
export interface ReadReport {
  specifier: string;
  declarations: (ReportedDeclaration & { exported: boolean })[];
}

const EXPORTS_HEADING = "## Exports";
const REACHED_HEADING = "## Reached from the exports, not exported";

/** `runtime/middleware/core.d.ts` → `runtime/middleware/core.ts`: the source a reader opens. */
const sourceOf = (file: string) => file.replace(/\.d\.ts$/, ".ts");
const declarationOf = (source: string) => source.replace(/\.ts$/, ".d.ts");

function section(declarations: ReportedDeclaration[]): string[] {
  return declarations.flatMap((declaration) => [
    `### \`${declaration.name}\` (${sourceOf(declaration.file)})`,
    "",
    "```ts",
    declaration.text,
    "```",
    "",
  ]);
}

/**
 * An entry point's report as Markdown: its exports sorted by name, each as the declaration a consumer compiles
 * against, then the declarations of the package they are written with that the entry point does not export. The
 * text is the whole of what `specfirst diff` and `release` compare (readReport reads it back).
 */
export function renderReport(api: EntryPointApi): string {
  const { specifier, types } = api.entryPoint;
  return [
    `# API report: \`${specifier}\``,
    "",
    `Written by \`${API_REPORT_COMMAND}\` from the build's \`${types}\`. Do not edit: CI fails when it is stale.`,
    "How `specfirst diff` and `release` classify its changes: docs/change-control.md#the-package-api.",
    "",
    `${EXPORTS_HEADING} (${api.exported.length})`,
    "",
    ...section(api.exported),
    ...(api.reached.length === 0 ? [] : [`${REACHED_HEADING} (${api.reached.length})`, "", ...section(api.reached)]),
  ]
    .join("\n")
    .replace(/\n+$/, "\n");
}

/** Reads a report written by renderReport back into its declarations; throws on text it did not write. */
export function readReport(file: string, text: string): ReadReport {
  const lines = text.split("\n");
  const title = /^# API report: `([^`]+)`$/.exec(lines[0] ?? "");
  if (title === null)
    throw new Error(`${file}: not an API report (its first line is not "# API report: \`<entry point>\`")`);
  const declarations: ReadReport["declarations"] = [];
  let exported: boolean | undefined;
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] as string;
    if (line.startsWith(EXPORTS_HEADING)) exported = true;
    else if (line.startsWith(REACHED_HEADING)) exported = false;
    const heading = /^### `([^`]+)` \(([^)]+)\)$/.exec(line);
    if (heading === null) continue;
    const open = lines.indexOf("```ts", index);
    const close = lines.indexOf("```", open + 1);
    if (exported === undefined || open !== index + 2 || close === -1)
      throw new Error(
        `${file}:${index + 1}: a declaration heading without its \`\`\`ts block under "${EXPORTS_HEADING}"`,
      );
    declarations.push({
      name: heading[1] as string,
      file: declarationOf(heading[2] as string),
      text: lines.slice(open + 1, close).join("\n"),
      exported,
    });
    index = close;
  }
  return { specifier: title[1] as string, declarations };
}
