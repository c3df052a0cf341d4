import { format } from "prettier";
import type { OutputFile } from "../write/output-file.js";

const PARSERS: Record<string, string> = { ".ts": "typescript", ".js": "babel", ".json": "json" };

/**
 * Formats an output with prettier by its extension (`.d.ts` and `.ts` as TypeScript, `.js`, `.json`). YAML comes
 * formatted from the YAML printer and HTML from Redocly; they pass unchanged.
 */
export async function formatOutput(file: OutputFile): Promise<OutputFile> {
  const extension = Object.keys(PARSERS).find((ext) => file.path.endsWith(ext));
  if (extension === undefined) return file;
  return { ...file, contents: await format(file.contents, { parser: PARSERS[extension], printWidth: 120 }) };
}
