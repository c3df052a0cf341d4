import { GenerationFailed, type Problem } from "../problems.js";
import { locatePointer, pointerSegments, type JsonObject, type JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject, walkSchema } from "./schema-walk.js";
import type { SchemaFile } from "../load/schemas.js";

/** Where a `$ref` lands: a file, and a pointer inside it ("" for the whole file). */
export interface RefTarget {
  file: SchemaFile;
  pointer: string;
  node: JsonObject;
}

/** All schema files, indexed, with every `$ref` resolved. */
export interface SchemaGraph {
  files: readonly SchemaFile[];
  byName: ReadonlyMap<string, SchemaFile>;
  /** Names of the files each file refers to directly (itself included when it is recursive). */
  refs: ReadonlyMap<string, ReadonlySet<string>>;
  /** Resolves a `$ref` written in `from`; only refs that `buildSchemaGraph` checked may be passed. */
  resolveRef(from: SchemaFile, ref: string): RefTarget;
}

function nodeAt(root: JsonObject, pointer: string): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isJsonObject(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** Indexes the files by `$id` and name and resolves every `$ref`; unresolved refs are reported with file and pointer. */
export function buildSchemaGraph(files: SchemaFile[]): SchemaGraph {
  const byName = new Map(files.map((file) => [file.name, file]));
  const byId = new Map(files.map((file) => [String(file.schema.$id), file]));
  const problems: Problem[] = [];

  const tryResolve = (from: SchemaFile, ref: string): RefTarget | string => {
    const url = new URL(ref, String(from.schema.$id));
    const fragment = decodeURIComponent(url.hash.replace(/^#/, ""));
    url.hash = "";
    const file = byId.get(url.href);
    if (file === undefined) return `unresolved $ref "${ref}": no schema has $id ${url.href}`;
    if (fragment !== "" && !fragment.startsWith("/"))
      return `unresolved $ref "${ref}": only JSON pointer fragments are supported`;
    const node = nodeAt(file.schema, fragment);
    if (!isJsonObject(node)) return `unresolved $ref "${ref}": ${file.file} has no schema at #${fragment}`;
    return { file, pointer: fragment, node };
  };

  const refs = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    walkSchema(file.schema, (node, pointer) => {
      const ref = node.$ref;
      if (typeof ref !== "string") return;
      const target = tryResolve(file, ref);
      if (typeof target === "string") {
        problems.push({
          file: file.file,
          pointer: `${pointer}/$ref`,
          message: target,
          ...locatePointer(file.text, `${pointer}/$ref`),
        });
      } else {
        targets.add(target.file.name);
      }
    });
    refs.set(file.name, targets);
  }
  if (problems.length > 0) throw new GenerationFailed(problems);

  return {
    files,
    byName,
    refs,
    resolveRef(from, ref) {
      const target = tryResolve(from, ref);
      if (typeof target === "string") throw new Error(target);
      return target;
    },
  };
}

/** Names of every file `name` depends on through `$ref`s, transitively, itself included. */
export function dependenciesOf(graph: SchemaGraph, name: string): Set<string> {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const next of graph.refs.get(current) ?? []) visit(next);
  };
  visit(name);
  return seen;
}
