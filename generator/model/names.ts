/** Names derived from schema and API names: one home for each rule. */

/** `command-response` → `CommandResponse`, `config-lenient` → `ConfigLenient`, `messaging` → `Messaging`. */
export const pascal = (text: string) =>
  text.replace(/(^|[-_ ./+])(\w)/g, (_m, _sep: string, c: string) => c.toUpperCase());

/** The AJV standalone function exported for a schema: `validateCommandResponse`. */
export const validatorFunctionName = (schemaName: string) => `validate${pascal(schemaName)}`;

/** The type guard of a schema: `isCommandResponse`. */
export const guardName = (schemaName: string) => `is${pascal(schemaName)}`;

/** The map type of a dispatch table, by its dispatched field: `content` → `ContentByType`. */
export const dispatchMapName = (field: string) => `${pascal(field)}ByType`;

/** The client factory of an API: `createMessagingClient`. */
export const clientFactoryName = (api: string) => `create${pascal(api)}Client`;

/**
 * Names a generated TypeScript module cannot give its own type without shadowing a global that the generated code
 * itself uses (fetch's `Headers`, `Request`, `Response`; the built-ins): OpenAPI generators (orval, hey-api) name
 * a type after its component, and orval's client then casts to the wrong `Headers`.
 */
const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  "AbortController",
  "AbortSignal",
  "Array",
  "ArrayBuffer",
  "Blob",
  "Boolean",
  "Date",
  "Error",
  "File",
  "FormData",
  "Function",
  "Headers",
  "Iterable",
  "JSON",
  "Map",
  "Math",
  "Number",
  "Object",
  "Partial",
  "Pick",
  "Promise",
  "ReadableStream",
  "Record",
  "RegExp",
  "Request",
  "RequestInit",
  "Required",
  "Response",
  "Set",
  "String",
  "Symbol",
  "URL",
  "URLSearchParams",
  "WeakMap",
  "WeakSet",
]);

/**
 * The name a schema titled `title` is published under in an OpenAPI document: the title, or for a reserved name the
 * title followed by what the schema is (`Headers`, an object of free names → `HeadersMap`; `Error`, an object with
 * named members → `ErrorObject`; `Date`, a string → `DateString`). Only the published component is renamed: the
 * project's own types keep the title.
 */
export function publishedComponentName(title: string, schema: { type?: unknown; properties?: unknown }): string {
  if (!RESERVED_TYPE_NAMES.has(title)) return title;
  const type = Array.isArray(schema.type) && schema.type.length === 1 ? schema.type[0] : schema.type;
  if (type === "object") return `${title}${schema.properties === undefined ? "Map" : "Object"}`;
  return `${title}${typeof type === "string" ? pascal(type) : "Schema"}`;
}
