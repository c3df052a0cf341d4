import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { GenerationFailed, type Problem } from "../problems.js";
import { JsonSyntaxError, parseJson, type JsonObject } from "../../runtime/json/json-text.js";

/** One hand-written schema file, parsed. */
export interface SchemaFile {
  /** Validator and file base name, e.g. `command-response`. */
  name: string;
  /** Folder under `schemas/`: `messaging` or `configs`. */
  api: string;
  /** Path relative to the project root, for messages. */
  file: string;
  /** The raw text, kept to locate problems by line and column. */
  text: string;
  schema: JsonObject;
}

export const SCHEMA_SUFFIX = ".schema.json";

/** Reads every `schemas/<api>/*.schema.json`, in a stable order. Syntax errors of all files are reported together. */
export async function loadSchemas(root: string): Promise<SchemaFile[]> {
  const schemasDir = path.join(root, "schemas");
  const apis = (await readdir(schemasDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const files: SchemaFile[] = [];
  const problems: Problem[] = [];
  for (const api of apis) {
    const names = (await readdir(path.join(schemasDir, api))).filter((n) => n.endsWith(SCHEMA_SUFFIX)).sort();
    for (const fileName of names) {
      const file = `schemas/${api}/${fileName}`;
      const text = await readFile(path.join(root, file), "utf8");
      try {
        const schema = parseJson(text);
        if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
          problems.push({ file, pointer: "", message: "a schema file must hold a JSON object", line: 1, column: 1 });
          continue;
        }
        files.push({ name: fileName.slice(0, -SCHEMA_SUFFIX.length), api, file, text, schema });
      } catch (error) {
        if (!(error instanceof JsonSyntaxError)) throw error;
        problems.push({ file, pointer: "", message: error.message, ...error.position });
      }
    }
  }
  if (problems.length > 0) throw new GenerationFailed(problems);
  return files;
}
