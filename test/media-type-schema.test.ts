import { beforeAll, describe, expect, it } from "vitest";
import { loadSchemas, type SchemaFile } from "../generator/load/schemas.js";
import { buildSchemaGraph, type SchemaGraph } from "../generator/model/schema-graph.js";
import { isJsonObject, walkSchema } from "../generator/model/schema-walk.js";
import { expandMediaTypes } from "../generator/model/expand-media-types.js";
import { ROOT } from "./helpers/fixtures.js";

// The media-type schema holds the one MIME-format rule every `type`-like field refers to; the spelling rule of the
// declared media types (README Decisions, "Media types") is generated with the content-by-type rule, so a new media
// type gets it with no other edit.
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
        if (["type", "itemType"].includes(field) && isJsonObject(test) && typeof test.const === "string")
          values.add(test.const);
      }
    });
  }
  return values;
}

describe("media-type schema", () => {
  it.each(MIME_FIELDS)("%s.%s refers to media-type.schema.json", (schema, field) => {
    const properties = graph.byName.get(schema)?.schema.properties;
    expect(isJsonObject(properties) && isJsonObject(properties[field]) ? properties[field].$ref : undefined).toBe(
      "media-type.schema.json",
    );
  });

  it("is the only schema holding a MIME pattern", () => {
    const holders = graph.files.filter((file) => file.text.includes("[A-Za-z0-9!#$&^_.+-]")).map((file) => file.name);
    expect(holders).toEqual(["media-type"]);
  });

  it("generates the spelling rule of every declared media type in the schemas that select by it", () => {
    const expanded = expandMediaTypes(graph.files);
    /** The patterns the expansion adds to a schema's discriminator (entries `if: { required }` without properties). */
    const spellingPatterns = (name: string): RegExp[] => {
      const entries = expanded.find((file) => file.name === name)?.schema.allOf;
      return (Array.isArray(entries) ? entries : []).flatMap((entry) => {
        const then =
          isJsonObject(entry) && isJsonObject(entry.if) && !("properties" in entry.if) && isJsonObject(entry.then)
            ? entry.then.properties
            : undefined;
        const type = isJsonObject(then) ? (then.type ?? then.itemType) : undefined;
        return isJsonObject(type) && typeof type.pattern === "string" ? [new RegExp(type.pattern)] : [];
      });
    };
    const rules = ["message", "collection", "container", "command-resource"].flatMap(spellingPatterns);
    expect(rules).toHaveLength(4);
    for (const mediaType of selectedMediaTypes(expanded.filter((file) => file.api === "messaging"))) {
      const applying = rules.filter((rule) => rule.test(mediaType) && !rule.test(mediaType.toUpperCase()));
      expect(applying.length, mediaType).toBeGreaterThan(0);
    }
  });
});
