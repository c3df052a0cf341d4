import type { SchemaFile } from "../load/schemas.js";
import type { OutputFile } from "../write/output-file.js";
import { apiOutput } from "../model/output-paths.js";

/**
 * The schemas as shipped in `specfirst/schemas/*`: self-contained draft 2020-12 JSON Schema (the content-by-type
 * declarations expanded into plain `if`/`then`, see model/expand-media-types.ts), which a plain Ajv2020 reads.
 * JSON carries no comment: their banner is their first member, `"x-generated"`, an annotation keyword
 * (format/banner.ts).
 */
export function emitSchemas(files: readonly SchemaFile[]): OutputFile[] {
  return files.map((file) => ({
    path: apiOutput.schema(file.api, file.name),
    contents: `${JSON.stringify(file.schema, null, 2)}\n`,
  }));
}
