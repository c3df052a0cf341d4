import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject } from "../model/schema-walk.js";
import { knownVariantName, openVariantName } from "./openapi-variants.js";

/**
 * The known-types document of an API (`generated/openapi/<api>.known.yaml`, docs/published-contract.md#the-known-types-documents):
 * the published document with the open variant of every typed schema a request body reaches left out of its union,
 * for other people's client generators. In the published document a request body is `Message: oneOf [OtherMessage,
 * KnownMessage]`, and every generator types the open `OtherMessage` (`type` none of the declared media types) as
 * `type: string`, which takes a select message with string content; no TypeScript type says "a string other than
 * these". Here `Message` is `KnownMessage` alone, so the generated call refuses it. The operations, examples,
 * security and the `Other*` components (to name in code) are those of the published document.
 */

const COMPONENT_PREFIX = "#/components/schemas/";
const ref = (name: string): JsonObject => ({ $ref: `${COMPONENT_PREFIX}${encodeURIComponent(name)}` });
const componentOf = (value: JsonValue | undefined) =>
  typeof value === "string" && value.startsWith(COMPONENT_PREFIX)
    ? decodeURIComponent(value.slice(COMPONENT_PREFIX.length))
    : undefined;

/** The component of a typed schema's variant for a body without its discriminator (`UntypedCommand`: `get /ping`). */
export const untypedVariantName = (title: string) => `Untyped${title}`;

/** Every component a value refers to, and the components those refer to. */
function reachable(value: JsonValue, schemas: JsonObject): Set<string> {
  const found = new Set<string>();
  const visit = (node: JsonValue | undefined) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isJsonObject(node)) {
      const name = componentOf(node.$ref);
      if (name !== undefined && !found.has(name)) {
        found.add(name);
        visit(schemas[name]);
      }
      for (const [key, item] of Object.entries(node)) if (key !== "$ref") visit(item);
    }
  };
  visit(value);
  return found;
}

/** The request bodies of the document's operations: what a client sends (webhooks and responses are what it receives). */
function requestBodies(document: JsonObject): JsonValue[] {
  const paths = isJsonObject(document.paths) ? Object.values(document.paths) : [];
  return paths.flatMap((item) =>
    isJsonObject(item)
      ? Object.values(item).flatMap((operation) =>
          isJsonObject(operation) && operation.requestBody !== undefined ? [operation.requestBody] : [],
        )
      : [],
  );
}

/** The discriminator of a typed schema (`Message: oneOf [OtherMessage, KnownMessage]`), or undefined for any other component. */
function discriminatorOf(title: string, schemas: JsonObject): string | undefined {
  const component = schemas[title];
  const known = schemas[knownVariantName(title)];
  const variants = isJsonObject(component) && Array.isArray(component.oneOf) ? component.oneOf : [];
  const names = variants.map((variant) => (isJsonObject(variant) ? componentOf(variant.$ref) : undefined));
  const isTyped =
    names.length === 2 && names.includes(openVariantName(title)) && names.includes(knownVariantName(title));
  return isTyped && isJsonObject(known) && isJsonObject(known.discriminator)
    ? String(known.discriminator.propertyName)
    : undefined;
}

/**
 * The open variant made the variant without a discriminator: the discriminator absent. Said as `not: {}` (nothing
 * matches, so the member is absent) with `enum: [null]`, the one spelling all three generators type as a member
 * that takes no media type (hey-api and orval write `never`, openapi-typescript `null`). `false` says the same
 * but orval types it `unknown` and hey-api drops it, and a member without `type` in the union lets TypeScript
 * take `{ type: "<declared>", resource: <wrong> }` as this variant.
 */
function untypedVariant(title: string, discriminator: string, open: JsonObject): JsonObject {
  const properties = isJsonObject(open.properties) ? open.properties : {};
  // The open variant's rule on a present discriminator (`if: { required: [type] }`) has nothing to check here.
  const rules = (Array.isArray(open.allOf) ? open.allOf : []).filter(
    (rule) =>
      !(
        isJsonObject(rule) &&
        isJsonObject(rule.if) &&
        JSON.stringify(rule.if) === JSON.stringify({ required: [discriminator] })
      ),
  );
  const { allOf: _allOf, ...rest } = open;
  return {
    ...rest,
    title: untypedVariantName(title),
    description: `A ${title} without \`${discriminator}\`: no media type names a document for it.`,
    properties: {
      ...properties,
      [discriminator]: { description: "Absent in this variant.", enum: [null], not: {} },
    },
    ...(rules.length > 0 ? { allOf: rules } : {}),
  };
}

/**
 * The known-types document of a published document, or undefined when no request body reaches a typed schema
 * (the published document is then already closed: configs).
 */
export function knownTypesDocument(document: JsonObject): JsonObject | undefined {
  const components = isJsonObject(document.components) ? document.components : {};
  const schemas = isJsonObject(components.schemas) ? components.schemas : {};
  const sent = reachable(requestBodies(document), schemas);
  const closed = [...sent].flatMap((title) => {
    const discriminator = discriminatorOf(title, schemas);
    return discriminator === undefined ? [] : [{ title, discriminator }];
  });
  if (closed.length === 0) return undefined;
  const result: Record<string, JsonObject> = {};
  for (const [name, schema] of Object.entries(schemas)) if (isJsonObject(schema)) result[name] = schema;
  for (const { title, discriminator } of closed) {
    const component = result[title] as JsonObject;
    const open = result[openVariantName(title)] as JsonObject;
    const { oneOf: _oneOf, ...described } = component;
    if (Array.isArray(open.required) && open.required.includes(discriminator))
      result[title] = { ...described, ...ref(knownVariantName(title)) };
    else {
      result[untypedVariantName(title)] = untypedVariant(title, discriminator, open);
      result[title] = { ...described, oneOf: [ref(untypedVariantName(title)), ref(knownVariantName(title))] };
    }
  }
  const sorted = Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b)));
  const info = isJsonObject(document.info) ? document.info : {};
  const titles = closed.map((c) => `\`${c.title}\``).sort();
  const note = [
    "**Declared media types only.** This is the known-types form of the API's document: each request body takes only",
    `the media types with a declared document (${titles.join(", ")}: the \`Known\` variant, with the \`Untyped\` one`,
    "where the media type may be left out), so a client generated from it refuses content that does not match its",
    "media type. Responses and webhook payloads keep their open variant; a container or collection is closed wherever",
    "it appears. A body of another media type is valid for the API but not in this document: send it with a client of",
    "the full document; the `Other` components name its type.",
  ].join("\n");
  return {
    ...document,
    info: {
      ...info,
      title: `${typeof info.title === "string" ? info.title : ""} (declared media types)`,
      description: typeof info.description === "string" ? `${note}\n\n${info.description}` : note,
    },
    components: { ...components, schemas: sorted },
  };
}
