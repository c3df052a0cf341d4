import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSchemas, type SchemaFile } from "../generator/load/schemas.js";
import { buildSchemaGraph, type SchemaGraph } from "../generator/model/schema-graph.js";
import { isJsonObject, walkSchema } from "../generator/model/schema-walk.js";
import type { JsonObject } from "../runtime/json/json-text.js";
import { FIXTURES, ROOT, jsonFiles } from "./helpers/fixtures.js";

// test/fixtures/seed-checklist/*.json transcribe every object and field of the seeds' tables (the seeds are not
// part of the repository): { "<schema file>": ["field", "nested.field", "map.*.field"] }. A dot steps into a
// property, following $ref and array items; `*` steps into the values of a map.
const checklists = jsonFiles<Record<string, string[]>>(path.join(FIXTURES, "seed-checklist"));

let graph: SchemaGraph;
beforeAll(async () => {
  graph = buildSchemaGraph(await loadSchemas(ROOT));
});

/** Follows `$ref`s and array `items` until a schema that can hold properties. */
function settle(file: SchemaFile, node: JsonObject): [SchemaFile, JsonObject] {
  if (typeof node.$ref === "string") {
    const target = graph.resolveRef(file, node.$ref);
    return settle(target.file, target.node);
  }
  if (isJsonObject(node.items)) return settle(file, node.items);
  return [file, node];
}

function resolvePath(start: SchemaFile, fieldPath: string): JsonObject | undefined {
  let file = start;
  let node: JsonObject = start.schema;
  for (const segment of fieldPath.split(".")) {
    [file, node] = settle(file, node);
    const next = segment === "*" ? node.additionalProperties : isJsonObject(node.properties) ? node.properties[segment] : undefined;
    if (!isJsonObject(next)) return undefined;
    node = next;
  }
  return node;
}

describe.each(checklists)("seed checklist %s", (_name, checklist) => {
  const entries = Object.entries(checklist).flatMap(([schema, fields]) => fields.map((field) => [schema, field] as const));

  it.each(Object.keys(checklist))("has a schema file for %s", (schema) => {
    expect(graph.byName.has(schema)).toBe(true);
  });

  it.each(entries)("%s has %s, with a description", (schema, field) => {
    const file = graph.byName.get(schema);
    expect(file).toBeDefined();
    const property = resolvePath(file as SchemaFile, field);
    expect(property, `${schema}: ${field}`).toBeDefined();
    expect(typeof property?.description).toBe("string");
  });
});

describe("descriptions", () => {
  it("every schema file and every property carries a description", () => {
    const missing: string[] = [];
    for (const file of graph.files) {
      walkSchema(file.schema, (node, pointer) => {
        if (pointer === "" && typeof node.description !== "string") missing.push(file.file);
        // Properties inside if/then/else only restate rules on fields declared (and described) above them.
        if (!isJsonObject(node.properties) || /\/(if|then|else)(\/|$)/.test(pointer)) return;
        for (const [name, property] of Object.entries(node.properties)) {
          if (isJsonObject(property) && typeof property.description !== "string") missing.push(`${file.file}#${pointer}/properties/${name}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });
});
