import { beforeAll, describe, expect, it } from "vitest";
import { loadSchemas, type SchemaFile } from "../generator/load/schemas.js";
import { buildSchemaGraph, type SchemaGraph } from "../generator/model/schema-graph.js";
import { isJsonObject, walkSchema } from "../generator/model/schema-walk.js";
import { ROOT } from "./helpers/fixtures.js";

// The media-type schema holds the one MIME-format rule every `type`-like field refers to, and the spelling rule of
// the known media types (README Decisions, "Media types"). Its list of known types must name every media type a
// content-by-type or resource-by-type rule selects on, or a case variant of a new one would slip past its rule.
let graph: SchemaGraph;
beforeAll(async () => {
  graph = buildSchemaGraph(await loadSchemas(ROOT));
});

const MIME_FIELDS = [
  ["message", "type"],
  ["collection", "itemType"],
  ["container", "type"],
  ["media-link", "type"],
  ["command", "type"],
  ["command-response", "type"],
] as const;

/** Every `const` a rule selects on: `if: { properties: { <field>: { const } } }` anywhere in the messaging schemas. */
function selectedMediaTypes(files: readonly SchemaFile[]): Set<string> {
  const values = new Set<string>();
  for (const file of files) {
    walkSchema(file.schema, (node) => {
      const condition = node.if;
      if (!isJsonObject(condition) || !isJsonObject(condition.properties)) return;
      for (const [field, test] of Object.entries(condition.properties)) {
        if (["type", "itemType"].includes(field) && isJsonObject(test) && typeof test.const === "string") values.add(test.const);
      }
    });
  }
  return values;
}

describe("media-type schema", () => {
  it.each(MIME_FIELDS)("%s.%s refers to media-type.schema.json", (schema, field) => {
    const properties = graph.byName.get(schema)?.schema.properties;
    expect(isJsonObject(properties) && isJsonObject(properties[field]) ? properties[field].$ref : undefined).toBe("media-type.schema.json");
  });

  it("is the only schema holding a MIME pattern", () => {
    const holders = graph.files.filter((file) => file.text.includes("[A-Za-z0-9!#$&^_.+-]")).map((file) => file.name);
    expect(holders).toEqual(["media-type"]);
  });

  it("lists, in its spelling rule, exactly the media types the content and resource rules select on", () => {
    const schema = graph.byName.get("media-type")?.schema;
    const rule = Array.isArray(schema?.allOf) && isJsonObject(schema.allOf[0]) ? String(schema.allOf[0].pattern) : "";
    const exact = /^\^\(\?:(.*?)\)\$\|/.exec(rule)?.[1]?.split("|").map((entry) => entry.replace(/\\(.)/g, "$1"));
    expect(new Set(exact)).toEqual(selectedMediaTypes(graph.files.filter((file) => file.api === "messaging")));
  });
});
