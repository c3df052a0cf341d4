import type { JsonObject } from "../../runtime/json/json-text.js";
import { isJsonObject } from "./schema-walk.js";
import type { SchemaFile } from "../load/schemas.js";
import type { SchemaGraph } from "./schema-graph.js";

/**
 * A rule "the document in `field` depends on the value of `discriminator`", written in a schema as `allOf` entries
 * `{ if: { properties: { <discriminator>: { const: V } }, required: [<discriminator>] },
 *    then: { properties: { <field>: { $ref: R } } } }`.
 * Message `content` by `type` and command `resource` by `type` are such tables; the types stage turns them into
 * generics (`Message<'text/plain'>`).
 */
export interface DispatchTable {
  /** The file whose `allOf` holds the cases (the schema itself or one it includes through `allOf: [{ $ref }]`). */
  owner: SchemaFile;
  discriminator: string;
  field: string;
  cases: { value: string; target: SchemaFile }[];
}

/** The case of a dispatch table an `allOf` entry is, if it is one. */
export function readDocumentCase(entry: JsonObject): { discriminator: string; value: string; field: string; ref: string } | undefined {
  const condition = entry.if;
  const consequence = entry.then;
  if (!isJsonObject(condition) || !isJsonObject(consequence) || "else" in entry) return undefined;
  const conditionProps = condition.properties;
  const consequenceProps = consequence.properties;
  if (!isJsonObject(conditionProps) || !isJsonObject(consequenceProps)) return undefined;
  const [discriminator, ...otherConditions] = Object.keys(conditionProps);
  const [field, ...otherFields] = Object.keys(consequenceProps);
  if (discriminator === undefined || field === undefined || otherConditions.length + otherFields.length > 0) return undefined;
  const test = conditionProps[discriminator];
  const target = consequenceProps[field];
  if (!isJsonObject(test) || typeof test.const !== "string" || !isJsonObject(target) || typeof target.$ref !== "string") return undefined;
  return { discriminator, value: test.const, field, ref: target.$ref };
}

/** The dispatch tables that apply to a schema: in its own `allOf`, or in a file it includes with `allOf: [{ $ref }]`. */
export function findDispatchTables(graph: SchemaGraph, file: SchemaFile): DispatchTable[] {
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
      const found = readDocumentCase(entry);
      if (found === undefined) continue;
      const key = `${owner.name}:${found.discriminator}:${found.field}`;
      const table = tables.get(key) ?? { owner, discriminator: found.discriminator, field: found.field, cases: [] };
      table.cases.push({ value: found.value, target: graph.resolveRef(owner, found.ref).file });
      tables.set(key, table);
    }
  };
  scan(file);
  return [...tables.values()];
}
