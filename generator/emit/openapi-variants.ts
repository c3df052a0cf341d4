import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject } from "../model/schema-walk.js";
import { documentsOf, type MediaTypeCase, type TypedBy } from "../model/expand-media-types.js";
import type { SchemaGraph } from "../model/schema-graph.js";
import type { SchemaFile } from "../load/schemas.js";

/**
 * The content-by-type rule in the form OpenAPI tools understand. In JSON Schema the rule is a list of `if`/`then`
 * entries, which openapi-typescript, hey-api and Redoc lose (they type `content` as `string | object` and show at
 * most one branch). In the published document each schema typed by a media type (`Message`) becomes a `oneOf`
 * of `KnownMessage`, itself a `oneOf` of named variants with a `discriminator` and its `mapping` (one variant per
 * declared media type, `SelectMessage`: `type` is the `const` media type and `content` the Select document), and
 * `OtherMessage` for every other media type (`type` is none of the declared ones, open content as in the schema).
 * Same verdicts as the schema: each value matches exactly one variant.
 */

const ref = (title: string): JsonObject => ({ $ref: `#/components/schemas/${title}` });
/** The component of a typed schema's variant for every other media type (`OtherMessage`). */
export const openVariantName = (title: string) => `Other${title}`;
/** The component of a typed schema's variants for the declared media types, under a discriminator (`KnownMessage`). */
export const knownVariantName = (title: string) => `Known${title}`;
const titleOf = (file: SchemaFile) => String(file.schema.title);

/** A schema's content-by-type rule: its own `x-typed-by`, or that of a file it includes with `allOf: [{ $ref }]`. */
interface Rule {
  typedBy: TypedBy;
  /** Title of the included component holding the rule, whose `allOf` entry the variants replace. */
  via: string | undefined;
  cases: MediaTypeCase[];
}

function ruleOf(graph: SchemaGraph, file: SchemaFile, typedBy: ReadonlyMap<string, TypedBy>): Rule | undefined {
  const own = typedBy.get(file.name);
  if (own !== undefined)
    return { typedBy: own, via: undefined, cases: documentsOf(graph.files, file.api, own.documents) };
  for (const entry of Array.isArray(file.schema.allOf) ? file.schema.allOf : []) {
    if (!isJsonObject(entry) || typeof entry.$ref !== "string" || Object.keys(entry).length !== 1) continue;
    const included = graph.resolveRef(file, entry.$ref).file;
    const rule = typedBy.get(included.name);
    if (rule !== undefined)
      return { typedBy: rule, via: titleOf(included), cases: documentsOf(graph.files, file.api, rule.documents) };
  }
  return undefined;
}

/** The component without the rule: the expanded `if`/`then` entries and the `allOf` entry of the including file removed. */
function baseOf(component: JsonObject, rule: Rule): JsonObject {
  const mediaTypes = new Set(rule.cases.map((c) => c.mediaType));
  const isRuleEntry = (entry: JsonValue) => {
    if (!isJsonObject(entry)) return false;
    if (rule.via !== undefined && entry.$ref === ref(rule.via).$ref) return true;
    const test =
      isJsonObject(entry.if) && isJsonObject(entry.if.properties)
        ? entry.if.properties[rule.typedBy.discriminator]
        : undefined;
    return (
      isJsonObject(test) && typeof test.const === "string" && mediaTypes.has(test.const) && isJsonObject(entry.then)
    );
  };
  const { allOf, title: _title, description: _description, ...rest } = component;
  const kept = Array.isArray(allOf) ? allOf.filter((entry) => !isRuleEntry(entry)) : [];
  return kept.length > 0 ? { ...rest, allOf: kept } : rest;
}

/**
 * `base` with the discriminator and the typed field replaced, the discriminator required (the variant is chosen by
 * it). `field` undefined keeps the field as the schema has it (the variant for other media types).
 */
function variant(
  base: JsonObject,
  rule: Rule,
  title: string,
  description: string,
  discriminator: JsonObject,
  field: JsonObject | undefined,
): JsonObject {
  const properties = isJsonObject(base.properties) ? base.properties : {};
  const { discriminator: name, field: fieldName, each } = rule.typedBy;
  const required = Array.isArray(base.required) ? base.required : [];
  const existing = isJsonObject(properties[fieldName]) ? properties[fieldName] : {};
  const existingDescription: JsonObject =
    typeof existing.description === "string" ? { description: existing.description } : {};
  // One document: a $ref (with the field's description); an array of documents: the array with its items typed.
  const typed =
    field === undefined ? existing : each ? { ...existing, items: field } : { ...existingDescription, ...field };
  // The schema's examples of the discriminator name every media type: not examples of one variant.
  const { examples: _examples, ...discriminatorBase } = isJsonObject(properties[name]) ? properties[name] : {};
  return {
    title,
    description,
    ...base,
    // A known variant is chosen by its discriminator value, so it has one; the open variant keeps the schema's rule.
    required: field === undefined || required.includes(name) ? required : [...required, name],
    properties: { ...properties, [name]: { ...discriminatorBase, ...discriminator }, [fieldName]: typed },
  };
}

/**
 * The components with every typed schema (`Message`, `Container`, `Collection`, `Command`, `CommandResponse`)
 * replaced by its variants. `components` maps titles to the components built from the schema files.
 */
export function publishVariants(
  graph: SchemaGraph,
  components: Record<string, JsonObject>,
  typedBy: ReadonlyMap<string, TypedBy>,
): Record<string, JsonObject> {
  const result: Record<string, JsonObject> = { ...components };
  for (const [title, component] of Object.entries(components)) {
    const file = graph.files.find((f) => titleOf(f) === title);
    const rule = file === undefined ? undefined : ruleOf(graph, file, typedBy);
    if (rule === undefined || rule.cases.length === 0) continue;
    const base = baseOf(component, rule);
    const { discriminator, field } = rule.typedBy;
    const names: string[] = [];
    const mapping: Record<string, string> = {};
    for (const c of rule.cases) {
      const name = `${titleOf(c.document)}${title}`;
      names.push(name);
      mapping[c.mediaType] = `#/components/schemas/${name}`;
      result[name] = variant(
        base,
        rule,
        name,
        `A ${title} whose \`${discriminator}\` is \`${c.mediaType}\`: \`${field}\` is the ${titleOf(c.document)} document.`,
        { const: c.mediaType },
        ref(titleOf(c.document)),
      );
    }
    const other = openVariantName(title);
    // `type: ["object"]` (the same rule as `"object"`): openapi-typescript writes the discriminator value into
    // variants typed `"object"` only, and the value of this one is any media type but the mapped ones.
    result[other] = {
      ...variant(
        base,
        rule,
        other,
        `A ${title} of any other \`${discriminator}\`: \`${field}\` as the schema allows for media types it does not know.`,
        { not: { enum: rule.cases.map((c) => c.mediaType) } },
        undefined,
      ),
      type: ["object"],
    };
    // The known media types under a discriminator (every variant there has a `const` value); the open variant
    // beside them, since no mapping can name "any other value".
    const known = knownVariantName(title);
    result[known] = {
      title: known,
      description: `A ${title} of one of the media types with a declared document, chosen by \`${discriminator}\`.`,
      oneOf: names.map(ref),
      discriminator: { propertyName: discriminator, mapping },
    };
    // The open variant first: express-openapi-validator (5.6.2) otherwise takes the discriminator of the known
    // variants for the whole body's, and refuses a command without `type` (test/express-openapi-validator.test.ts).
    result[title] = { title, description: component.description ?? "", oneOf: [ref(other), ref(known)] };
  }
  return result;
}
