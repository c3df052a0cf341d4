import { isDeepStrictEqual } from "node:util";
import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject } from "../model/schema-walk.js";
import { publishedComponentName } from "../model/names.js";

/**
 * The published form of a document, for the tools that read it other than by the letter of JSON Schema. Each stage
 * keeps every verdict and changes only how a rule is written:
 * - `flattenIncludes`: `allOf: [{ $ref: X }]` written out as X's own keywords (hey-api types a schema that only
 *   includes another and adds `required` as the other: `OutboundNotification = Notification`);
 * - `bareRecursiveRefs`: a `$ref` into a cycle of components carries no sibling keywords (Prism's dereferencer
 *   copies a `$ref` with siblings, the copy shares the target's `oneOf` array, and the cycle then closes on that
 *   array: Prism's bundler writes `"oneOf": { "$ref": "#/__bundled__/oneOf" }`, which AJV refuses to compile, and
 *   Prism then checks nothing);
 * - `renameComponents`: no component named like a global of generated TypeScript (`Headers` shadows fetch's);
 * - `publishedServers`: no `description` on a server variable (the OAS 3.1 meta-schema swagger-parser uses spells
 *   the allowed keyword `descriptions`, and rejects the document).
 */

const COMPONENT_PREFIX = "#/components/schemas/";
const componentOf = (ref: JsonValue | undefined) =>
  typeof ref === "string" && ref.startsWith(COMPONENT_PREFIX)
    ? decodeURIComponent(ref.slice(COMPONENT_PREFIX.length))
    : undefined;
const refTo = (name: string) => `${COMPONENT_PREFIX}${encodeURIComponent(name)}`;

/** Keywords that describe the included component itself: the including one describes itself. */
const OWN_DESCRIPTION = new Set(["title", "description", "$comment", "examples"]);
/** Keywords whose meaning depends on the `properties` beside them: an inclusion with them is kept as it is. */
const SIBLING_DEPENDENT = ["additionalProperties", "unevaluatedProperties", "unevaluatedItems"];
const CONDITIONAL = ["if", "then", "else"];

const isOpenOrAbsent = (value: JsonValue | undefined) => value === undefined || value === true;

/** `included` merged into `including` keyword by keyword, or undefined when a keyword would change meaning. */
function merged(including: JsonObject, included: JsonObject): JsonObject | undefined {
  if (typeof included.$ref === "string") return undefined;
  for (const keyword of SIBLING_DEPENDENT)
    if (!isOpenOrAbsent(included[keyword]) || !isOpenOrAbsent(including[keyword])) return undefined;
  const result: JsonObject = { ...including };
  const conditionalClash =
    CONDITIONAL.some((k) => included[k] !== undefined) && CONDITIONAL.some((k) => including[k] !== undefined);
  for (const [keyword, value] of Object.entries(included)) {
    if (OWN_DESCRIPTION.has(keyword) || keyword.startsWith("x-") || SIBLING_DEPENDENT.includes(keyword)) continue;
    const own = result[keyword];
    if (own === undefined) {
      if (CONDITIONAL.includes(keyword) && conditionalClash) return undefined;
      result[keyword] = value;
    } else if (isDeepStrictEqual(own, value)) continue;
    else if (keyword === "required" && Array.isArray(own) && Array.isArray(value))
      result.required = [...new Set([...own, ...value])];
    else if (keyword === "allOf" && Array.isArray(own) && Array.isArray(value)) result.allOf = [...value, ...own];
    else if (keyword === "properties" && isJsonObject(own) && isJsonObject(value)) {
      const properties: JsonObject = { ...value };
      for (const [name, schema] of Object.entries(own)) {
        const theirs = properties[name];
        properties[name] =
          theirs === undefined || isDeepStrictEqual(theirs, schema) ? schema : { allOf: [theirs, schema] };
      }
      result.properties = properties;
    } else return undefined;
  }
  return result;
}

/**
 * Each component with its `allOf: [{ $ref }]` inclusions written out where that keeps the meaning (see `merged`). A
 * component only included (Notification) is then referred to by nothing, and not published.
 */
export function flattenIncludes(components: Record<string, JsonObject>): Record<string, JsonObject> {
  const done = new Map<string, JsonObject>();
  const flat = (name: string, seen: readonly string[]): JsonObject => {
    const cached = done.get(name);
    if (cached !== undefined) return cached;
    let component = components[name] as JsonObject;
    const entries = Array.isArray(component.allOf) ? component.allOf : [];
    for (const entry of entries) {
      const target = isJsonObject(entry) && Object.keys(entry).length === 1 ? componentOf(entry.$ref) : undefined;
      if (target === undefined || components[target] === undefined || seen.includes(target)) continue;
      const { allOf, ...rest } = component;
      const others = (allOf as JsonValue[]).filter((other) => other !== entry);
      const result = merged(others.length > 0 ? { ...rest, allOf: others } : rest, flat(target, [...seen, name]));
      if (result !== undefined) component = result;
    }
    done.set(name, component);
    return component;
  };
  return Object.fromEntries(Object.keys(components).map((name) => [name, flat(name, [])]));
}

/** Every component `$ref` in a value, by the component it names. */
function refsIn(value: JsonValue, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (isJsonObject(value)) {
    const name = componentOf(value.$ref);
    if (name !== undefined) found.add(name);
    for (const [key, item] of Object.entries(value)) if (key !== "$ref") refsIn(item, found);
  }
  return found;
}

/** The components that reach themselves through `$ref`s. */
function recursiveComponents(schemas: JsonObject): Set<string> {
  const edges = new Map(Object.entries(schemas).map(([name, schema]) => [name, refsIn(schema)]));
  const reaches = (from: string, target: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(edges.get(from) ?? [])];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (next === target) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
    return false;
  };
  return new Set([...edges.keys()].filter((name) => reaches(name, name)));
}

/** A copy of `value` with every object rewritten by `rewrite`, bottom up. */
function mapObjects(value: JsonValue, rewrite: (object: JsonObject) => JsonObject): JsonValue {
  if (Array.isArray(value)) return value.map((item) => mapObjects(item, rewrite));
  if (!isJsonObject(value)) return value;
  return rewrite(Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapObjects(item, rewrite)])));
}

/**
 * The document with each `$ref` into a cycle of components that has sibling keywords written as those keywords
 * with `allOf: [{ $ref }]`: the same meaning, and every dereferencer then reaches the one shared target object.
 */
export function bareRecursiveRefs(document: JsonObject): JsonObject {
  const components = isJsonObject(document.components) ? document.components : {};
  const recursive = recursiveComponents(isJsonObject(components.schemas) ? components.schemas : {});
  return mapObjects(document, (object) => {
    const name = componentOf(object.$ref);
    if (name === undefined || !recursive.has(name) || Object.keys(object).length === 1) return object;
    const { $ref, allOf, ...siblings } = object;
    return { ...siblings, allOf: [{ $ref }, ...(Array.isArray(allOf) ? allOf : [])] } as JsonObject;
  }) as JsonObject;
}

/**
 * The document with each component whose name is reserved (see `publishedComponentName`) renamed, with its `title`
 * and every `$ref` and discriminator mapping naming it. Throws when a new name is already a component's.
 */
export function renameComponents(document: JsonObject): JsonObject {
  const components = isJsonObject(document.components) ? document.components : {};
  const schemas = isJsonObject(components.schemas) ? components.schemas : {};
  const renames = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    const published = publishedComponentName(name, isJsonObject(schema) ? schema : {});
    if (published === name) continue;
    if (schemas[published] !== undefined)
      throw new Error(
        `component "${name}" is published as "${published}" (its name shadows a global type of generated TypeScript), but a component already has that name: rename one of the schemas' titles`,
      );
    renames.set(name, published);
  }
  if (renames.size === 0) return document;
  const rename = (ref: JsonValue) => {
    const name = componentOf(ref);
    const published = name === undefined ? undefined : renames.get(name);
    return published === undefined ? ref : refTo(published);
  };
  const renamed = mapObjects(document, (object) => {
    const result = { ...object };
    if (typeof result.$ref === "string") result.$ref = rename(result.$ref);
    if (isJsonObject(result.discriminator) && isJsonObject(result.discriminator.mapping)) {
      result.discriminator = {
        ...result.discriminator,
        mapping: Object.fromEntries(
          Object.entries(result.discriminator.mapping).map(([value, ref]) => [value, rename(ref)]),
        ),
      };
    }
    return result;
  }) as JsonObject;
  const renamedComponents = renamed.components as JsonObject;
  renamedComponents.schemas = Object.fromEntries(
    Object.entries(renamedComponents.schemas as JsonObject).map(([name, schema]) => {
      const published = renames.get(name);
      return published === undefined || !isJsonObject(schema)
        ? [name, schema]
        : [published, { ...schema, title: published }];
    }),
  );
  return renamed;
}

/** The servers with each variable's `description` said in its server's `description` (`` `name`: text ``). */
export function publishedServers(servers: JsonValue): JsonValue {
  if (!Array.isArray(servers)) return servers;
  return servers.map((server) => {
    if (!isJsonObject(server) || !isJsonObject(server.variables)) return server;
    const notes: string[] = [];
    const variables = Object.fromEntries(
      Object.entries(server.variables).map(([name, variable]) => {
        if (!isJsonObject(variable) || typeof variable.description !== "string") return [name, variable];
        const { description, ...rest } = variable;
        notes.push(`\`${name}\`: ${description}`);
        return [name, rest];
      }),
    );
    const description = [typeof server.description === "string" ? server.description : "", ...notes]
      .filter((text) => text !== "")
      .join(" ");
    return notes.length === 0 ? server : { ...server, description, variables };
  });
}
