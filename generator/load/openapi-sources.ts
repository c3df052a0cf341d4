import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { GenerationFailed, type Problem } from "../problems.js";
import {
  JsonSyntaxError,
  escapePointerSegment,
  parseJson,
  type JsonObject,
  type JsonValue,
} from "../../runtime/json/json-text.js";
import { isJsonObject } from "../model/schema-walk.js";

export const SOURCE_SUFFIX = ".source.yaml";

/** The hand-written part of one OpenAPI document (`openapi/<api>.source.yaml`), with its example files inlined. */
export interface OpenApiSource {
  /** `messaging` or `configs`: the document is written to `openapi/<api>.yaml`. */
  api: string;
  file: string;
  document: JsonObject;
  /** The example files inlined: JSON pointer in `document` of each such value → the file's path from the project root. */
  exampleFiles: Record<string, string>;
}

/**
 * The text of every file under `openapi/` (the sources and their example files), by path from the project root,
 * sorted: what the sources are built from, read once, so the run's cache key and the sources agree.
 */
export async function readOpenApiFiles(root: string): Promise<Map<string, string>> {
  let names: string[];
  try {
    names = (await readdir(path.join(root, "openapi"), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw error;
  }
  return new Map(
    await Promise.all(names.sort().map(async (file) => [file, await readFile(path.join(root, file), "utf8")] as const)),
  );
}

/**
 * Parses `openapi/*.source.yaml` from their texts (`readOpenApiFiles`). A `{ $ref: "./examples/x.json" }` object (a
 * `$ref` to a relative `.json` file) is replaced by that file's content, so examples live as plain JSON files the
 * tests can also read.
 */
export async function parseOpenApiSources(texts: ReadonlyMap<string, string>): Promise<OpenApiSource[]> {
  const { LineCounter, parseDocument } = await import("yaml");
  const problems: Problem[] = [];
  const sources: OpenApiSource[] = [];
  for (const [file, text] of texts) {
    const name = file.slice("openapi/".length);
    if (name.includes("/") || !name.endsWith(SOURCE_SUFFIX)) continue;
    const lineCounter = new LineCounter();
    const parsed = parseDocument(text, { lineCounter, uniqueKeys: true });
    if (parsed.errors.length > 0) {
      for (const error of parsed.errors) {
        const position = lineCounter.linePos(error.pos[0]);
        problems.push({
          file,
          pointer: "",
          message: error.message.split("\n")[0] ?? "invalid YAML",
          line: position.line,
          column: position.col,
        });
      }
      continue;
    }
    const exampleFiles: Record<string, string> = {};
    const inline = (value: JsonValue, pointer: string): JsonValue => {
      if (Array.isArray(value)) return value.map((item, index) => inline(item, `${pointer}/${index}`));
      if (!isJsonObject(value)) return value;
      const ref = value.$ref;
      if (typeof ref === "string" && Object.keys(value).length === 1 && /^\.{1,2}\/.*\.json$/.test(ref)) {
        const exampleFile = path.posix.join("openapi", ref);
        const exampleText = texts.get(exampleFile);
        if (exampleText === undefined) {
          problems.push({ file, pointer, message: `example ${exampleFile}: no such file under openapi/` });
          return value;
        }
        try {
          exampleFiles[pointer] = exampleFile;
          return parseJson(exampleText);
        } catch (error) {
          if (!(error instanceof JsonSyntaxError)) throw error;
          const detail = `${error.message} at ${error.position.line}:${error.position.column}`;
          problems.push({ file, pointer, message: `example ${exampleFile}: ${detail}` });
          return value;
        }
      }
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, inline(item, `${pointer}/${escapePointerSegment(key)}`)]),
      );
    };
    const document = inline(parsed.toJS() as JsonValue, "");
    if (!isJsonObject(document)) {
      problems.push({ file, pointer: "", message: "an OpenAPI source must be a mapping" });
      continue;
    }
    sources.push({ api: name.slice(0, -SOURCE_SUFFIX.length), file, document, exampleFiles });
  }
  if (problems.length > 0) throw new GenerationFailed(problems);
  return sources;
}
