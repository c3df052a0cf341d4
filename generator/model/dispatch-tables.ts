import type { JsonObject } from "../../runtime/json/json-text.js";
import { isJsonObject } from "./schema-walk.js";
import type { SchemaFile } from "../load/schemas.js";
import type { SchemaGraph } from "./schema-graph.js";

/**
 * A rule "the document in `field` depends on the value of `discriminator`", written in a schema as `allOf` entries
 * `{ if: { properties: { <discriminator>: { const: V } }, required: [<discriminator>] },
 *    then: { properties: { <field>: { $ref: R } } } }`, or `<field>: { type: "array", items: { $ref: R } }` for an
 * array of documents. Message `content` by `type`, command `resource` by `type` and collection `items` by `itemType`
 * (an array) are such tables; the types stage turns them into generics (`Message<'text/plain'>`).
 */
export interface DispatchTable {
  /** The file whose `allOf` holds the cases (the schema itself or one it includes through `allOf: [{ $ref }]`). */
  owner: SchemaFile;
  discriminator: string;
  field: string;
  /** True when `field` is an array of the documents (a collection's `items`), false when it is one document. */
  each: boolean;
  cases: { value: string; target: SchemaFile }[];
}

export interface DocumentCase {
  discriminator: string;
  value: string;
  field: string;
  ref: string;
  /** The field is an array of the documents: `then: { properties: { <field>: { type: "array", items: { $ref } } } }`. */
  each: boolean;
}

/** The case of a dispatch table an `allOf` entry is, if it is one, the field being one document or an array of them. */
function readCase(entry: JsonObject): DocumentCase | undefined {
  const condition = entry.if;
  const consequence = entry.then;
  if (!isJsonObject(condition) || !isJsonObject(consequence) || "else" in entry) return undefined;
  const conditionProps = condition.properties;
  const consequenceProps = consequence.properties;
  if (!isJsonObject(conditionProps) || !isJsonObject(consequenceProps)) return undefined;
  const [discriminator, ...otherConditions] = Object.keys(conditionProps);
  const [field, ...otherFields] = Object.keys(consequenceProps);
  if (discriminator === undefined || field === undefined || otherConditions.length + otherFields.length > 0)
    return undefined;
  const test = conditionProps[discriminator];
  const target = consequenceProps[field];
  if (!isJsonObject(test) || typeof test.const !== "string" || !isJsonObject(target)) return undefined;
  if (typeof target.$ref === "string")
    return { discriminator, value: test.const, field, ref: target.$ref, each: false };
  const item = target.items;
  const isArrayOfRefs =
    target.type === "array" && Object.keys(target).length === 2 && isJsonObject(item) && typeof item.$ref === "string";
  return isArrayOfRefs ? { discriminator, value: test.const, field, ref: String(item.$ref), each: true } : undefined;
}

/** True when an `allOf` entry is a case of a dispatch table (typed by the dispatch generics, not as a conditional rule). */
export const isDispatchCase = (entry: JsonObject): boolean => readCase(entry) !== undefined;

/** The case of a dispatch table an `allOf` entry is, if it is one whose field is one document. */
export function readDocumentCase(entry: JsonObject): DocumentCase | undefined {
  const found = readCase(entry);
  return found?.each === false ? found : undefined;
}

/**
 * The dispatch tables that apply to a schema: in its own `allOf`, or in a file it includes with `allOf: [{ $ref }]`.
 * With `each`, also those whose field is an array of documents (a collection's `items`, typed by the types stage);
 * without it, only tables of one document.
 */
export function findDispatchTables(
  graph: SchemaGraph,
  file: SchemaFile,
  { each = false }: { each?: boolean } = {},
): DispatchTable[] {
  const tables = new Map<string, DispatchTable>();
  const scan = (owner: SchemaFile) => {
    const entries = owner.schema.allOf;
    if (!Array.isArray(entries)) return;
    for (const entry of entries) {
      if (!isJsonObject(entry)) continue;
      if (typeof entry.$ref === "string" && Object.keys(entry).length === 1) {
        const included = graph.resolveRef(owner, entry.$ref);
        if (included.pointer === "") scan(included.file);
        continue;
      }
      const found = readCase(entry);
      if (found === undefined || (found.each && !each)) continue;
      const key = `${owner.name}:${found.discriminator}:${found.field}`;
      const table = tables.get(key) ?? {
        owner,
        discriminator: found.discriminator,
        field: found.field,
        each: found.each,
        cases: [],
      };
      table.cases.push({ value: found.value, target: graph.resolveRef(owner, found.ref).file });
      tables.set(key, table);
    }
  };
  scan(file);
  return [...tables.values()];
}
