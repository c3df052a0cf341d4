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
import { locateInYaml, refsOf, yamlProblems } from "./yaml-text.js";

export const SOURCE_SUFFIX = ".source.yaml";

/**
 * The most alias uses a source may make, each weighted by the aliases inside what it names (the yaml package's
 * `maxAliasCount`, at its default): a "billion laughs" document, whose few lines of nested aliases expand to
 * gigabytes, stops with a problem at the alias that passes it.
 */
export const MAX_ALIAS_COUNT = 100;

type Yaml = typeof import("yaml");

/** The hand-written part of one OpenAPI document (`openapi/<api>.source.yaml`), with its example files inlined. */
export interface OpenApiSource {
  /** `messaging` or `configs`: the document is written to `openapi/<api>.yaml`. */
  api: string;
  file: string;
  document: JsonObject;
  /** The example files inlined: JSON pointer in `document` of each such value → the file's path from the project root. */
  exampleFiles: Record<string, string>;
  /** Where each `$ref` of the source is written (JSON pointer of the `$ref` → line and column), for problems. */
  refPositions: Record<string, { line: number; column: number }>;
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
  const yaml = await import("yaml");
  const { LineCounter, parseDocument } = yaml;
  const problems: Problem[] = [];
  const sources: OpenApiSource[] = [];
  for (const [file, text] of texts) {
    const name = file.slice("openapi/".length);
    if (name.includes("/") || !name.endsWith(SOURCE_SUFFIX)) continue;
    const lineCounter = new LineCounter();
    const parsed = parseDocument(text, { lineCounter, uniqueKeys: true });
    if (parsed.errors.length > 0) {
      problems.push(...yamlProblems(file, parsed.errors, lineCounter));
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
    let plain: JsonValue;
    try {
      plain = parsed.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as JsonValue;
    } catch (error) {
      if (!(error instanceof ReferenceError)) throw error;
      const culprit = aliasOverLimit(yaml, parsed);
      const position = lineCounter.linePos(culprit?.offset ?? 0);
      problems.push({
        file,
        pointer: culprit?.pointer ?? "",
        message: `YAML aliases expand too far: more than ${MAX_ALIAS_COUNT} uses of anchors, each counted with the aliases inside what it names (a "billion laughs" document); write the value out, or $ref a component`,
        line: position.line,
        column: position.col,
      });
      continue;
    }
    const document = inline(plain, "");
    if (!isJsonObject(document)) {
      problems.push({ file, pointer: "", message: "an OpenAPI source must be a mapping" });
      continue;
    }
    const refPositions = Object.fromEntries(
      refsOf(plain).map(({ pointer }) => [pointer, locateInYaml(yaml, parsed, lineCounter, pointer)] as const),
    );
    sources.push({ api: name.slice(0, -SOURCE_SUFFIX.length), file, document, exampleFiles, refPositions });
  }
  if (problems.length > 0) throw new GenerationFailed(problems);
  return sources;
}

/**
 * The alias at which the yaml package's count (`maxAliasCount`, node_modules/yaml/dist/nodes/Alias.js) passes
 * `MAX_ALIAS_COUNT`, with its offset and JSON pointer: the count replayed over the aliases in document order, the
 * order in which `toJS` resolves them (each alias once: what an anchor names is converted once, then reused).
 */
function aliasOverLimit(
  yaml: Yaml,
  document: ReturnType<Yaml["parseDocument"]>,
): { offset: number; pointer: string } | undefined {
  const anchors = new Map<unknown, { count: number; aliasCount: number }>();
  /** An anchor's weight: 1 for a scalar, the heaviest alias inside a collection (as the package's getAliasCount). */
  const aliasCount = (node: unknown): number => {
    if (yaml.isAlias(node)) {
      const anchor = anchors.get(node.resolve(document));
      return anchor === undefined ? 0 : anchor.count * anchor.aliasCount;
    }
    if (yaml.isCollection(node)) return Math.max(0, ...node.items.map(aliasCount));
    if (yaml.isPair(node)) return Math.max(aliasCount(node.key), aliasCount(node.value));
    return 1;
  };
  let found: { offset: number; pointer: string } | undefined;
  yaml.visit(document, {
    Alias(_key, alias, path) {
      const source = alias.resolve(document);
      if (source === undefined) return undefined;
      let anchor = anchors.get(source);
      // the anchor's own node counts as its first use, as in the package's toJS
      if (anchor === undefined) anchors.set(source, (anchor = { count: 1, aliasCount: 0 }));
      anchor.count += 1;
      if (anchor.aliasCount === 0) anchor.aliasCount = aliasCount(source);
      if (anchor.count * anchor.aliasCount <= MAX_ALIAS_COUNT) return undefined;
      found = { offset: alias.range?.[0] ?? 0, pointer: pointerOf(yaml, [...path, alias]) };
      return yaml.visit.BREAK;
    },
  });
  return found;
}

/** The JSON pointer of the last node of a chain of YAML nodes from the document down (pairs name their values). */
function pointerOf(yaml: Yaml, chain: readonly unknown[]): string {
  let pointer = "";
  for (let index = 1; index < chain.length; index++) {
    const parent = chain[index - 1];
    const child = chain[index];
    if (yaml.isSeq(parent)) pointer += `/${parent.items.indexOf(child)}`;
    else if (yaml.isPair(parent) && parent.value === child) {
      const key = yaml.isScalar(parent.key) ? parent.key.value : parent.key;
      pointer += `/${escapePointerSegment(String(key))}`;
    }
  }
  return pointer;
}
