import { format } from "prettier";
import type { OutputFile } from "../write/output-file.js";

const PARSERS: Record<string, string> = { ".ts": "typescript", ".js": "babel" };

/**
 * Formats an output with prettier by its extension (`.d.ts` and `.ts` as TypeScript, `.js`, `.json`). YAML comes
 * formatted from the YAML printer and HTML from Redocly, and AJV's compiled validators are machine output; they
 * pass unchanged.
 */
export async function formatOutput(file: OutputFile): Promise<OutputFile> {
  // AJV's standalone code is machine output (700 kB): formatting it would cost seconds on every schema edit.
  if (file.path.endsWith(".compiled.ts")) return file;
  const extension = Object.keys(PARSERS).find((ext) => file.path.endsWith(ext));
  if (extension === undefined) return file;
  return { ...file, contents: await format(file.contents, { parser: PARSERS[extension], printWidth: 120 }) };
}
