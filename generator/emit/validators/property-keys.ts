/**
 * The property names of a closed object, without the schema around them.
 *
 * AJV checks a key of an object closed by `additionalProperties: false` against the names its `properties` lists:
 * as `key === "a" || key === "b" …` for up to 8 names, beyond that as `hasOwnProperty.call(<schema>.properties,
 * key)`, where `<schema>` is the unit's whole schema kept in the code as a constant (`schema0_Config`, every
 * nested schema, description and example included), which every process then parses and builds when it loads the
 * validators. `withPropertyKeys` gives each such check a constant of the names alone (`{"id":true,"name":true,…}`,
 * the same names in the same order: the same verdict, and the same kind of lookup on the valid path) and drops the
 * schema constants nothing else reads.
 */
import { OWN_PROPERTY_CHECK, PROPERTY_PATH_SEGMENT, SCHEMA_CONSTANT } from "./ajv-internals.js";

/** The value at `path` (AJV's property access code) in `schema`, or undefined. */
function at(schema: unknown, path: string): unknown {
  let value = schema;
  for (const [, name, quoted] of path.matchAll(PROPERTY_PATH_SEGMENT)) {
    if (value === null || typeof value !== "object") return undefined;
    const key = name ?? (JSON.parse(quoted!) as string);
    value = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** An object literal with `names` as its own keys, in their order (`__proto__` as a computed key, an own key). */
function keysLiteral(names: readonly string[]): string {
  return `{${names.map((name) => `${name === "__proto__" ? `[${JSON.stringify(name)}]` : JSON.stringify(name)}:true`).join(",")}}`;
}

/**
 * A unit's standalone `code` with each `hasOwnProperty.call(<schema>.properties…, key)` reading a constant of the
 * property names instead, declared in place of the schema constant, which is dropped when no other code reads it.
 * A check whose schema or path it cannot read stays as AJV wrote it.
 */
export function withPropertyKeys(code: string): string {
  const schemas = new Map<string, unknown>();
  for (const [, name, json] of code.matchAll(SCHEMA_CONSTANT)) {
    try {
      schemas.set(name!, JSON.parse(json!));
    } catch {
      // not JSON: its checks stay as they are
    }
  }
  const declarations = new Map<string, string[]>();
  let count = 0;
  const rewritten = code.replace(
    OWN_PROPERTY_CHECK,
    (check, schemaName: string, tag: string, path: string, key: string) => {
      const properties = at(schemas.get(schemaName), `${path}.properties`);
      if (properties === null || typeof properties !== "object" || Array.isArray(properties)) return check;
      const constant = `propertyKeys${count++}_${tag}`;
      const list = declarations.get(schemaName) ?? [];
      list.push(`const ${constant} = ${keysLiteral(Object.keys(properties))};`);
      declarations.set(schemaName, list);
      return `.call(${constant}, ${key})`;
    },
  );
  return rewritten.replace(SCHEMA_CONSTANT, (line, name: string) => {
    const keys = declarations.get(name) ?? [];
    const stillRead = new RegExp(`\\b${name}\\b`).test(rewritten.replace(line, ""));
    return [...(stillRead ? [line] : []), ...keys.map((declaration) => `${declaration}\n`)].join("");
  });
}
