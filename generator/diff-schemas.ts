import { isDeepStrictEqual } from "node:util";
import { escapePointerSegment, type JsonObject, type JsonValue } from "./json-text.js";
import { isJsonObject } from "./schema-walk.js";

/** Who a change can break: producers (who build payloads), consumers (who read them). */
export interface SchemaChange {
  /** Schema file, relative to the project root. */
  file: string;
  /** JSON pointer inside the schema. */
  pointer: string;
  kind: ChangeKind;
  message: string;
  breaksProducers: boolean;
  breaksConsumers: boolean;
}

export type ChangeKind =
  | "schema-added"
  | "schema-removed"
  | "field-added"
  | "field-removed"
  | "field-renamed"
  | "field-became-required"
  | "field-became-optional"
  | "type-changed"
  | "enum-value-added"
  | "enum-value-removed"
  | "const-changed"
  | "pattern-tightened"
  | "pattern-loosened"
  | "format-tightened"
  | "format-loosened"
  | "bound-tightened"
  | "bound-loosened"
  | "object-closed"
  | "object-opened"
  | "reference-changed"
  | "condition-changed"
  | "constraint-added"
  | "constraint-removed"
  | "alternative-added"
  | "alternative-removed";

/** Who each kind of change breaks. A value a producer may no longer send breaks producers; one a consumer may now receive breaks consumers. */
const IMPACT: Record<ChangeKind, [producers: boolean, consumers: boolean]> = {
  "schema-added": [false, false],
  "schema-removed": [true, true],
  "field-added": [false, false],
  "field-removed": [true, true],
  "field-renamed": [true, true],
  "field-became-required": [true, false],
  "field-became-optional": [false, true],
  "type-changed": [true, true],
  "enum-value-added": [false, true],
  "enum-value-removed": [true, false],
  "const-changed": [true, true],
  "pattern-tightened": [true, false],
  "pattern-loosened": [false, true],
  "format-tightened": [true, false],
  "format-loosened": [false, true],
  "bound-tightened": [true, false],
  "bound-loosened": [false, true],
  "object-closed": [true, false],
  "object-opened": [false, false],
  "reference-changed": [true, true],
  "condition-changed": [true, true],
  "constraint-added": [true, false],
  "constraint-removed": [false, true],
  "alternative-added": [false, true],
  "alternative-removed": [true, false],
};

export interface SchemaSource {
  file: string;
  schema: JsonObject;
}

const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];
const SUBSCHEMA_KEYWORDS = ["items", "additionalProperties", "then", "else", "not", "contains", "propertyNames"];
const SUBSCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];

const typesOf = (schema: JsonObject): string[] | undefined => {
  const type = schema.type;
  if (type === undefined) return undefined;
  return (Array.isArray(type) ? type : [type]).map(String).sort();
};
const listOf = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? value : []);
const show = (value: JsonValue | undefined) => JSON.stringify(value);

/** Compares two versions of one schema and lists its changes that matter to payloads (annotations are ignored). */
function compareSchemas(file: string, before: JsonObject, after: JsonObject, pointer: string, changes: SchemaChange[]): void {
  const add = (kind: ChangeKind, at: string, message: string) => {
    const [producers, consumers] = IMPACT[kind];
    changes.push({ file, pointer: at, kind, message, breaksProducers: producers, breaksConsumers: consumers });
  };

  if (before.$ref !== after.$ref) add("reference-changed", pointer, `reference changed from ${show(before.$ref)} to ${show(after.$ref)}`);
  const beforeTypes = typesOf(before);
  const afterTypes = typesOf(after);
  if (!isDeepStrictEqual(beforeTypes, afterTypes)) add("type-changed", `${pointer}/type`, `type changed from ${show(beforeTypes ?? "any")} to ${show(afterTypes ?? "any")}`);
  if ("const" in before || "const" in after) {
    if (!isDeepStrictEqual(before.const, after.const)) add("const-changed", `${pointer}/const`, `constant changed from ${show(before.const)} to ${show(after.const)}`);
  }
  if (Array.isArray(before.enum) || Array.isArray(after.enum)) {
    const beforeValues = listOf(before.enum);
    const afterValues = listOf(after.enum);
    if (!Array.isArray(after.enum)) add("enum-value-added", `${pointer}/enum`, "the list of allowed values was removed: any value is allowed");
    else if (!Array.isArray(before.enum)) add("enum-value-removed", `${pointer}/enum`, `only ${afterValues.map(show).join(", ")} are allowed now`);
    else {
      for (const value of beforeValues) if (!afterValues.some((v) => isDeepStrictEqual(v, value))) add("enum-value-removed", `${pointer}/enum`, `value ${show(value)} removed`);
      for (const value of afterValues) if (!beforeValues.some((v) => isDeepStrictEqual(v, value))) add("enum-value-added", `${pointer}/enum`, `value ${show(value)} added`);
    }
  }
  for (const keyword of ["pattern", "format"] as const) {
    if (before[keyword] === after[keyword]) continue;
    const tightened = keyword === "pattern" ? "pattern-tightened" : "format-tightened";
    const loosened = keyword === "pattern" ? "pattern-loosened" : "format-loosened";
    if (before[keyword] === undefined) add(tightened, `${pointer}/${keyword}`, `${keyword} ${show(after[keyword])} added`);
    else if (after[keyword] === undefined) add(loosened, `${pointer}/${keyword}`, `${keyword} ${show(before[keyword])} removed`);
    else {
      // Two different patterns or formats: neither contains the other in general, so both sides may break.
      add(tightened, `${pointer}/${keyword}`, `${keyword} changed from ${show(before[keyword])} to ${show(after[keyword])}`);
      add(loosened, `${pointer}/${keyword}`, `${keyword} changed from ${show(before[keyword])} to ${show(after[keyword])}`);
    }
  }
  for (const [keywords, tighterWhenGreater] of [[LOWER_BOUNDS, true], [UPPER_BOUNDS, false]] as const) {
    for (const keyword of keywords) {
      const was = before[keyword];
      const now = after[keyword];
      if (was === now) continue;
      const tightened = was === undefined || (typeof now === "number" && typeof was === "number" && (tighterWhenGreater ? now > was : now < was));
      add(tightened && now !== undefined ? "bound-tightened" : "bound-loosened", `${pointer}/${keyword}`, `${keyword} changed from ${show(was ?? "none")} to ${show(now ?? "none")}`);
    }
  }
  if (before.additionalProperties !== false && after.additionalProperties === false) add("object-closed", pointer, "the object no longer accepts unknown properties");
  if (before.additionalProperties === false && after.additionalProperties !== false) add("object-opened", pointer, "the object now accepts unknown properties");

  const beforeRequired = new Set(listOf(before.required).map(String));
  const afterRequired = new Set(listOf(after.required).map(String));
  const beforeProps = isJsonObject(before.properties) ? before.properties : {};
  const afterProps = isJsonObject(after.properties) ? after.properties : {};
  const removed = Object.keys(beforeProps).filter((name) => !(name in afterProps));
  const added = Object.keys(afterProps).filter((name) => !(name in beforeProps));
  const renamedTo = new Map<string, string>();
  for (const name of removed) {
    const target = added.find((candidate) => !renamedTo.has(candidate) && isDeepStrictEqual(beforeProps[name], afterProps[candidate]));
    if (target !== undefined) renamedTo.set(target, name);
  }
  const propertyPointer = (name: string) => `${pointer}/properties/${escapePointerSegment(name)}`;
  for (const name of removed) {
    const target = [...renamedTo].find(([, from]) => from === name)?.[0];
    if (target !== undefined) add("field-renamed", propertyPointer(name), `field "${name}" renamed to "${target}"`);
    else add("field-removed", propertyPointer(name), `field "${name}" removed`);
  }
  for (const name of added) {
    if (renamedTo.has(name)) continue;
    if (!afterRequired.has(name)) add("field-added", propertyPointer(name), `new optional field "${name}"`);
  }
  for (const name of afterRequired) {
    if (!beforeRequired.has(name) && !renamedTo.has(name)) add("field-became-required", `${pointer}/required`, `field "${name}" became required`);
  }
  for (const name of beforeRequired) {
    if (!afterRequired.has(name) && !removed.includes(name)) add("field-became-optional", `${pointer}/required`, `field "${name}" is no longer required`);
  }
  for (const name of Object.keys(beforeProps)) {
    const was = beforeProps[name];
    const now = afterProps[name];
    if (isJsonObject(was) && isJsonObject(now)) compareSchemas(file, was, now, propertyPointer(name), changes);
  }
  for (const keyword of SUBSCHEMA_KEYWORDS) {
    const was = before[keyword];
    const now = after[keyword];
    if (isJsonObject(was) && isJsonObject(now)) compareSchemas(file, was, now, `${pointer}/${keyword}`, changes);
  }
  // An `if` is a condition, not a shape: any change to it changes which rule applies to which payload.
  if (!isDeepStrictEqual(before.if, after.if)) add("condition-changed", `${pointer}/if`, "the condition of a conditional rule changed");
  for (const keyword of SUBSCHEMA_LISTS) {
    const was = listOf(before[keyword]);
    const now = listOf(after[keyword]);
    // Entries are matched by content first, so an entry inserted in the middle is reported once, not as a cascade.
    const unmatchedNow = [...now];
    const unmatchedWas = was.filter((entry) => {
      const index = unmatchedNow.findIndex((candidate) => isDeepStrictEqual(candidate, entry));
      if (index === -1) return true;
      unmatchedNow.splice(index, 1);
      return false;
    });
    for (let index = 0; index < Math.min(unmatchedWas.length, unmatchedNow.length); index++) {
      const a = unmatchedWas[index];
      const b = unmatchedNow[index];
      if (isJsonObject(a) && isJsonObject(b)) compareSchemas(file, a, b, `${pointer}/${keyword}/${now.indexOf(b)}`, changes);
    }
    const extra = unmatchedNow.length - unmatchedWas.length;
    if (extra === 0) continue;
    const narrowing = keyword === "allOf" || keyword === "prefixItems";
    const kind = extra > 0 ? (narrowing ? "constraint-added" : "alternative-added") : narrowing ? "constraint-removed" : "alternative-removed";
    add(kind, `${pointer}/${keyword}`, `${Math.abs(extra)} ${keyword} entr${Math.abs(extra) === 1 ? "y" : "ies"} ${extra > 0 ? "added" : "removed"}`);
  }
}

/** Every change between two sets of schema files, matched by `$id`, in file order. */
export function diffSchemaSets(before: SchemaSource[], after: SchemaSource[]): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const byId = (sources: SchemaSource[]) => new Map(sources.map((source) => [String(source.schema.$id ?? source.file), source]));
  const beforeById = byId(before);
  const afterById = byId(after);
  for (const [id, old] of beforeById) {
    const current = afterById.get(id);
    if (current === undefined) {
      const [producers, consumers] = IMPACT["schema-removed"];
      changes.push({ file: old.file, pointer: "", kind: "schema-removed", message: `schema ${id} removed`, breaksProducers: producers, breaksConsumers: consumers });
    } else compareSchemas(current.file, old.schema, current.schema, "", changes);
  }
  for (const [id, current] of afterById) {
    if (!beforeById.has(id)) changes.push({ file: current.file, pointer: "", kind: "schema-added", message: `schema ${id} added`, breaksProducers: false, breaksConsumers: false });
  }
  return changes;
}
