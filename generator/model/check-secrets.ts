import type { JsonObject, JsonValue } from "../../runtime/json/json-text.js";
import { escapePointerSegment } from "../../runtime/json/json-text.js";
import { isJsonObject, walkSchema } from "./schema-walk.js";
import type { SchemaFile } from "../load/schemas.js";

/**
 * The name rule of secret fields (schemas/README.md#schema-conventions, Secrets). A property name is split into
 * lower-case words at `_`, `-`, `.`, spaces and camelCase humps (`storageSasToken` → storage, sas, token). The name says it holds a
 * secret when a word is one of SECRET_WORDS, when its last word is `key` or `keys` (`key`, `private_key`,
 * `accessKey`, `client_key`), or when it has `connection` followed by `string` (or `conn` `str`).
 */
const SECRET_WORDS = new Set([
  "password",
  "passwords",
  "passwd",
  "pwd",
  "passphrase",
  "secret",
  "secrets",
  "token",
  "tokens",
  "credential",
  "credentials",
  "apikey",
  "accesskey",
  "privatekey",
  "sas",
  "dsn",
  "connectionstring",
]);

/** The words of a property name, lower case. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** True when a property's name says it holds a secret (see the rule above). */
export function looksSecret(name: string): boolean {
  const words = nameWords(name);
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  const last = words.at(-1);
  if (last === "key" || last === "keys") return true;
  return words.some(
    (word, index) =>
      (word === "connection" && words[index + 1] === "string") || (word === "conn" && words[index + 1] === "str"),
  );
}

export interface SecretProblem {
  pointer: string;
  message: string;
}

/**
 * Every property of a schema file whose name says it holds a secret must say what it is: `"x-secret": true` (with
 * `"writeOnly": true`, checked by checkSchemas), so `redact()` knows it, or `"x-secret": false` when the name only
 * looks like a secret (`token_url`, the `key` of a header). A property holding fields (an object with `properties`,
 * a `$ref` to an object schema, or an array of those) is not a value itself: its fields are checked where they are
 * declared. `"x-secret": false` on a property
 * whose name does not look like a secret is reported too (it would say nothing).
 *
 * `isObjectRef(file, ref)` tells whether a `$ref` of the file points at an object schema.
 */
export function checkSecretNames(
  file: SchemaFile,
  isObjectRef: (file: SchemaFile, ref: string) => boolean,
): SecretProblem[] {
  const problems: SecretProblem[] = [];
  walkSchema(file.schema, (node, pointer) => {
    if (!isJsonObject(node.properties)) return;
    for (const [name, property] of Object.entries(node.properties as JsonObject)) {
      const at = `${pointer}/properties/${escapePointerSegment(name)}`;
      const mark = isJsonObject(property) ? property["x-secret"] : undefined;
      if (!looksSecret(name)) {
        if (mark === false)
          problems.push({
            pointer: `${at}/x-secret`,
            message: `property "${name}": "x-secret": false is only for a property whose name looks like a secret (the name rule in schemas/README.md); remove it`,
          });
        continue;
      }
      if (mark === true || mark === false) continue;
      if (!isJsonObject(property)) continue; // `false` (never present) or `true` holds no value of its own to mark
      if (isContainer(file, property, isObjectRef)) continue;
      // Only properties declared in this object (not restated inside if/then/else) carry the mark.
      if (/\/(if|then|else)(\/|$)/.test(pointer)) continue;
      problems.push({
        pointer: at,
        message: `property "${name}" looks like a secret (its name): mark it "x-secret": true and "writeOnly": true so redact() hides it, or "x-secret": false if it holds no secret`,
      });
    }
  });
  return problems;
}

/**
 * A property holding fields rather than a value: an object schema with `properties`, a `$ref` to an object schema,
 * or an array of either. Its fields are checked where they are declared (the secret inside is marked there).
 */
function isContainer(
  file: SchemaFile,
  property: JsonObject,
  isObjectRef: (file: SchemaFile, ref: string) => boolean,
): boolean {
  if (isRefOnly(property)) return isObjectRef(file, String(property.$ref));
  if (property.type === "object" && isJsonObject(property.properties)) return true;
  return property.type === "array" && isJsonObject(property.items) && isContainer(file, property.items, isObjectRef);
}

const isRefOnly = (property: JsonObject) =>
  typeof property.$ref === "string" &&
  Object.keys(property).every(
    (key) => key === "$ref" || key === "description" || key === "$comment" || key === "title",
  );

/** A `$ref` resolver over the loaded files: relative file refs only (`other.schema.json`), as schemas/README.md asks. */
export function objectRefResolver(files: readonly SchemaFile[]): (file: SchemaFile, ref: string) => boolean {
  return (file, ref) => {
    if (ref.startsWith("#")) return false;
    let target: string;
    try {
      target = new URL(ref, String(file.schema.$id)).href.replace(/#.*$/, "");
    } catch {
      return false;
    }
    const schema: JsonValue | undefined = files.find((candidate) => candidate.schema.$id === target)?.schema;
    return isJsonObject(schema) && schema.type === "object";
  };
}
