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

/** A property of a schema: its own, or one of a schema it includes with `allOf: [{ $ref }]` (inbound-message). */
function propertyOf(file: SchemaFile, node: JsonObject, name: string): [SchemaFile, JsonObject | undefined] {
  const own = isJsonObject(node.properties) ? node.properties[name] : undefined;
  if (own !== undefined) return [file, isJsonObject(own) ? own : undefined];
  for (const member of Array.isArray(node.allOf) ? node.allOf : []) {
    if (!isJsonObject(member) || typeof member.$ref !== "string") continue;
    const target = graph.resolveRef(file, member.$ref);
    const [found, property] = propertyOf(target.file, target.node, name);
    if (property !== undefined) return [found, property];
  }
  return [file, undefined];
}

function resolvePath(start: SchemaFile, fieldPath: string): JsonObject | undefined {
  let file = start;
  let node: JsonObject = start.schema;
  for (const segment of fieldPath.split(".")) {
    [file, node] = settle(file, node);
    const [owner, next] =
      segment === "*"
        ? [file, isJsonObject(node.additionalProperties) ? node.additionalProperties : undefined]
        : propertyOf(file, node, segment);
    if (next === undefined) return undefined;
    [file, node] = [owner, next];
  }
  return node;
}

/** The fields a schema requires: its own `required` and those of the schemas it includes with `allOf: [{ $ref }]`. */
function requiredOf(file: SchemaFile, node: JsonObject = file.schema): Set<string> {
  const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
  for (const member of Array.isArray(node.allOf) ? node.allOf : []) {
    if (!isJsonObject(member) || typeof member.$ref !== "string") continue;
    const target = graph.resolveRef(file, member.$ref);
    for (const name of requiredOf(target.file, target.node)) required.add(name);
  }
  return required;
}

// test/fixtures/seed-rules/<api>.json: rules of the seed rows beyond "the field exists", each with the row quoted:
// the fields a schema requires (exactly), the fields a schema must not carry (`false`), the fields in MIME format.
interface SeedRules {
  required: Record<string, { fields: string[]; seed: string }>;
  absent: Record<string, { fields: string[]; seed: string }>;
  mediaType: { fields: string[]; seed: string };
}
const rules = jsonFiles<SeedRules>(path.join(FIXTURES, "seed-rules"));

describe.each(rules)("seed rules %s", (_name, rule) => {
  it.each(Object.entries(rule.required))(
    "%s requires exactly what the seed row marks mandatory",
    (schema, { fields, seed }) => {
      const file = graph.byName.get(schema) as SchemaFile;
      expect([...requiredOf(file)].sort(), seed).toEqual([...fields].sort());
    },
  );

  it.each(
    Object.entries(rule.absent).flatMap(([schema, { fields, seed }]) =>
      fields.map((field) => [schema, field, seed] as const),
    ),
  )("%s never carries %s", (schema, field, seed) => {
    const file = graph.byName.get(schema) as SchemaFile;
    expect((file.schema.properties as JsonObject | undefined)?.[field], seed).toBe(false);
  });

  it.each(rule.mediaType.fields)("%s is in MIME format (the media-type schema)", (fieldPath) => {
    const [schema, field] = fieldPath.split(".") as [string, string];
    expect(resolvePath(graph.byName.get(schema) as SchemaFile, field)?.$ref, rule.mediaType.seed).toBe(
      "media-type.schema.json",
    );
  });
});

describe.each(checklists)("seed checklist %s", (_name, checklist) => {
  const entries = Object.entries(checklist).flatMap(([schema, fields]) =>
    fields.map((field) => [schema, field] as const),
  );

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
          if (isJsonObject(property) && typeof property.description !== "string")
            missing.push(`${file.file}#${pointer}/properties/${name}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });
});
