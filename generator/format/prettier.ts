import type { OutputFile } from "../write/output-file.js";

const PARSERS: Record<string, string> = { ".ts": "typescript", ".js": "babel" };

/**
 * Outputs that come formatted, or are not worth it: AJV's standalone code is machine output (700 kB, formatting it
 * would cost seconds on every schema edit), and the path types come from TypeScript's printer re-indented to two
 * spaces, which is what prettier makes of them.
 */
const UNFORMATTED = [".compiled.ts", "/paths.ts"];

/**
 * How to format an output: the prettier parser and the pieces to format one by one, or undefined when it passes
 * unchanged (YAML comes formatted from the YAML printer, HTML from Redocly). Code is cut at blank lines followed by
 * a top-level line, so each declaration is formatted (and cached) on its own and an edit reformats only the
 * declarations it changed; joined with a blank line, the pieces give what formatting the whole file gives.
 */
export function formatPlan(file: OutputFile): { parser: string; chunks: string[] } | undefined {
  if (UNFORMATTED.some((suffix) => file.path.endsWith(suffix))) return undefined;
  const extension = Object.keys(PARSERS).find((ext) => file.path.endsWith(ext));
  if (extension === undefined) return undefined;
  const parser = PARSERS[extension] as string;
  return { parser, chunks: parser === "json" ? [file.contents] : file.contents.split(/\n{2,}(?=\S)/) };
}

/** Prettier on one text (imported on the first text that needs it). */
export async function formatText(text: string, parser: string): Promise<string> {
  const { format } = await import("prettier");
  return format(text, { parser, printWidth: 120 });
}

/**
 * Formats an output with prettier by its extension (`.d.ts` and `.ts` as TypeScript, `.js`, `.json`), piece by
 * piece as `formatPlan` says; `formatPiece` stands for `formatText` (the generate command passes a cached one). A
 * piece prettier cannot parse alone (a cut inside a comment) makes it format the whole file instead.
 */
export async function formatOutput(file: OutputFile, formatPiece: (text: string, parser: string) => Promise<string> = formatText): Promise<OutputFile> {
  const plan = formatPlan(file);
  if (plan === undefined) return file;
  try {
    const pieces = await Promise.all(plan.chunks.map((chunk) => formatPiece(chunk, plan.parser)));
    return { ...file, contents: pieces.join("\n") };
  } catch {
    return { ...file, contents: await formatPiece(file.contents, plan.parser) };
  }
}
