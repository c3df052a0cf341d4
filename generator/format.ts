import { format } from "prettier";
import type { OutputFile } from "./outputs.js";

const PARSERS: Record<string, string> = { ".ts": "typescript", ".js": "babel", ".json": "json", ".yaml": "yaml" };

/** Formats each output with prettier by its extension (`.d.ts` and `.ts` as TypeScript); others pass unchanged. */
export async function formatOutputs(files: OutputFile[]): Promise<OutputFile[]> {
  return Promise.all(
    files.map(async (file) => {
      const extension = Object.keys(PARSERS).find((ext) => file.path.endsWith(ext));
      if (extension === undefined) return file;
      const contents = await format(file.contents, { parser: PARSERS[extension], printWidth: 120 });
      return { ...file, contents };
    }),
  );
}
