import { escapePointerSegment, type JsonObject, type JsonValue } from "../../runtime/json/json-text.js";

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = [
  "items",
  "contains",
  "additionalProperties",
  "propertyNames",
  "if",
  "then",
  "else",
  "not",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
] as const;
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "$defs", "dependentSchemas"] as const;
/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS = ["prefixItems", "allOf", "anyOf", "oneOf"] as const;

/** Every keyword of JSON Schema draft 2020-12, plus the project's own annotations (see schemas/README.md). */
export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([
  ...SCHEMA_KEYWORDS,
  ...SCHEMA_MAP_KEYWORDS,
  ...SCHEMA_ARRAY_KEYWORDS,
  "$schema",
  "$id",
  "$ref",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "$vocabulary",
  "$comment",
  "type",
  "const",
  "enum",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "title",
  "description",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
  "format",
  "contentEncoding",
  "contentMediaType",
  "x-secret",
  // The content-by-type declarations (generator/model/expand-media-types.ts).
  "x-content-type",
  "x-resource-type",
  "x-typed-by",
]);

/** Keywords that check a string or a number by itself (a pattern, a format, a bound), whatever else the schema says. */
export const VALUE_KEYWORDS: readonly string[] = [
  "pattern",
  "format",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
];

/** Keywords that do not change what validates: the validators drop them (emit/validators/units.ts), and so do the example checks (examples.ts). */
export const ANNOTATIONS = [
  "title",
  "description",
  "$comment",
  "examples",
  "deprecated",
  "readOnly",
  "x-content-type",
  "x-resource-type",
];

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export type SchemaVisitor = (schema: JsonObject, pointer: string) => void;

/** Calls `visit` on a schema and every subschema inside it, depth first, with each one's JSON pointer. */
export function walkSchema(schema: JsonObject, visit: SchemaVisitor, pointer = ""): void {
  visit(schema, pointer);
  for (const keyword of SCHEMA_KEYWORDS) {
    const sub = schema[keyword];
    if (isJsonObject(sub)) walkSchema(sub, visit, `${pointer}/${keyword}`);
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (!isJsonObject(map)) continue;
    for (const [key, sub] of Object.entries(map)) {
      if (isJsonObject(sub)) walkSchema(sub, visit, `${pointer}/${keyword}/${escapePointerSegment(key)}`);
    }
  }
  for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    list.forEach((sub, index) => {
      if (isJsonObject(sub)) walkSchema(sub, visit, `${pointer}/${keyword}/${index}`);
    });
  }
}

/**
 * Returns a copy of a schema with `rewrite` applied to every subschema, bottom up. `rewrite` gets a shallow copy
 * whose subschemas are already rewritten, and returns the replacement.
 */
export function mapSchema(schema: JsonObject, rewrite: (schema: JsonObject) => JsonObject): JsonObject {
  const copy: JsonObject = { ...schema };
  for (const keyword of SCHEMA_KEYWORDS) {
    const sub = copy[keyword];
    if (isJsonObject(sub)) copy[keyword] = mapSchema(sub, rewrite);
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = copy[keyword];
    if (isJsonObject(map)) {
      copy[keyword] = Object.fromEntries(
        Object.entries(map).map(([key, sub]) => [key, isJsonObject(sub) ? mapSchema(sub, rewrite) : sub]),
      );
    }
  }
  for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
    const list = copy[keyword];
    if (Array.isArray(list)) copy[keyword] = list.map((sub) => (isJsonObject(sub) ? mapSchema(sub, rewrite) : sub));
  }
  return rewrite(copy);
}
