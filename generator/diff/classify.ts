import { isDeepStrictEqual } from "node:util";
import { escapePointerSegment, type JsonObject, type JsonValue } from "../../runtime/json/json-text.js";
import { isJsonObject } from "../model/schema-walk.js";
import { comparePatterns } from "./patterns.js";

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
  | "type-widened"
  | "type-narrowed"
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
  | "alternative-removed"
  | "subschema-changed";

/** Who each kind of change breaks. A value a producer may no longer send breaks producers; one a consumer may now receive breaks consumers. */
export const IMPACT: Record<ChangeKind, [producers: boolean, consumers: boolean]> = {
  "schema-added": [false, false],
  "schema-removed": [true, true],
  "field-added": [false, false],
  "field-removed": [true, true],
  "field-renamed": [true, true],
  "field-became-required": [true, false],
  "field-became-optional": [false, true],
  "type-changed": [true, true],
  "type-widened": [false, true],
  "type-narrowed": [true, false],
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
  "object-opened": [false, true],
  "reference-changed": [true, true],
  "condition-changed": [true, true],
  "constraint-added": [true, false],
  "constraint-removed": [false, true],
  "alternative-added": [false, true],
  "alternative-removed": [true, false],
  "subschema-changed": [true, true],
};

export interface SchemaSource {
  file: string;
  schema: JsonObject;
}

const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];
/** Keywords holding one subschema where an absent or `true` subschema means `{}` (no constraint). */
const SUBSCHEMA_KEYWORDS = [
  "items",
  "unevaluatedItems",
  "additionalProperties",
  "unevaluatedProperties",
  "propertyNames",
];
/** Keywords whose `false` closes an object: reported as object-closed / object-opened, not compared as subschemas. */
const CLOSING_KEYWORDS = new Set(["additionalProperties", "unevaluatedProperties"]);
/** Keywords mapping names to subschemas where an absent entry means `{}` (no constraint). */
const SUBSCHEMA_MAPS = ["patternProperties", "dependentSchemas"];
const ALTERNATIVE_LISTS = ["anyOf", "oneOf"];

const typesOf = (schema: JsonObject): string[] | undefined => {
  const type = schema.type;
  if (type === undefined) return undefined;
  return (Array.isArray(type) ? type : [type]).map(String).sort();
};
const listOf = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? value : []);
const mapOf = (value: JsonValue | undefined): JsonObject => (isJsonObject(value) ? value : {});
const show = (value: JsonValue | undefined) => JSON.stringify(value);
/** A subschema as an object, or `false` for one that accepts nothing: absent and `true` accept anything, like `{}`. */
const normalized = (value: JsonValue | undefined): JsonObject | false | undefined => {
  if (value === undefined || value === true) return {};
  if (value === false) return false;
  return isJsonObject(value) ? value : undefined;
};

/**
 * Compares two versions of one schema and lists its changes that matter to payloads (annotations are ignored).
 * `negated` is true inside an odd number of `not`: there, what tightens the subschema loosens the schema, so who a
 * change breaks is swapped.
 */
function compareSchemas(
  file: string,
  before: JsonObject,
  after: JsonObject,
  pointer: string,
  changes: SchemaChange[],
  negated = false,
): void {
  const add = (kind: ChangeKind, at: string, message: string) => {
    const [producers, consumers] = IMPACT[kind];
    if (negated)
      changes.push({
        file,
        pointer: at,
        kind,
        message: `${message} (inside "not": impact reversed)`,
        breaksProducers: consumers,
        breaksConsumers: producers,
      });
    else changes.push({ file, pointer: at, kind, message, breaksProducers: producers, breaksConsumers: consumers });
  };
  /** Compares a subschema that exists on both sides, where absent or `true` means `{}` and `false` accepts nothing. */
  const compareSubschema = (was: JsonValue | undefined, now: JsonValue | undefined, at: string, negate = false) => {
    const a = normalized(was);
    const b = normalized(now);
    if (a === undefined || b === undefined) {
      if (!isDeepStrictEqual(was, now))
        add(
          "subschema-changed",
          at,
          `changed from ${show(was)} to ${show(now)}, which is not a schema: compared as a whole`,
        );
      return;
    }
    // Also what ends the recursion: an absent subschema compares as `{}`, whose own absent subschemas are `{}` too.
    if (isDeepStrictEqual(a, b)) return;
    if (a !== false && b !== false) compareSchemas(file, a, b, at, changes, negate ? !negated : negated);
    else if (a !== false)
      add(negate ? "constraint-removed" : "constraint-added", at, "no value is accepted here any more");
    else if (b !== false) add(negate ? "constraint-added" : "constraint-removed", at, "values are accepted here again");
  };
  /** A keyword whose absence means no constraint at all (not `{}`): adding it tightens, removing it loosens. */
  const presence = (keyword: string): "added" | "removed" | "both" | "neither" =>
    keyword in before ? (keyword in after ? "both" : "removed") : keyword in after ? "added" : "neither";

  const ref = presence("$ref");
  if (ref === "added") add("constraint-added", `${pointer}/$ref`, `reference ${show(after.$ref)} added`);
  else if (ref === "removed") add("constraint-removed", `${pointer}/$ref`, `reference ${show(before.$ref)} removed`);
  else if (before.$ref !== after.$ref)
    add("reference-changed", pointer, `reference changed from ${show(before.$ref)} to ${show(after.$ref)}`);
  const beforeTypes = typesOf(before);
  const afterTypes = typesOf(after);
  if (beforeTypes === undefined && afterTypes !== undefined)
    add("constraint-added", `${pointer}/type`, `type ${show(afterTypes)} added`);
  else if (beforeTypes !== undefined && afterTypes === undefined)
    add("constraint-removed", `${pointer}/type`, `type ${show(beforeTypes)} removed: any type is allowed`);
  else if (beforeTypes !== undefined && afterTypes !== undefined && !isDeepStrictEqual(beforeTypes, afterTypes)) {
    // Read as sets of values: `integer` is inside `number`.
    const covers = (types: string[], type: string) =>
      types.includes(type) || (type === "integer" && types.includes("number"));
    const wider = beforeTypes.every((type) => covers(afterTypes, type));
    const narrower = afterTypes.every((type) => covers(beforeTypes, type));
    const message = `type changed from ${show(beforeTypes)} to ${show(afterTypes)}`;
    add(wider ? "type-widened" : narrower ? "type-narrowed" : "type-changed", `${pointer}/type`, message);
  }
  const constant = presence("const");
  if (constant === "added") add("constraint-added", `${pointer}/const`, `constant ${show(after.const)} added`);
  else if (constant === "removed")
    add("constraint-removed", `${pointer}/const`, `constant ${show(before.const)} removed`);
  else if (!isDeepStrictEqual(before.const, after.const))
    add("const-changed", `${pointer}/const`, `constant changed from ${show(before.const)} to ${show(after.const)}`);
  if (Array.isArray(before.enum) || Array.isArray(after.enum)) {
    const beforeValues = listOf(before.enum);
    const afterValues = listOf(after.enum);
    if (!Array.isArray(after.enum))
      add("enum-value-added", `${pointer}/enum`, "the list of allowed values was removed: any value is allowed");
    else if (!Array.isArray(before.enum))
      add("enum-value-removed", `${pointer}/enum`, `only ${afterValues.map(show).join(", ")} are allowed now`);
    else {
      for (const value of beforeValues)
        if (!afterValues.some((v) => isDeepStrictEqual(v, value)))
          add("enum-value-removed", `${pointer}/enum`, `value ${show(value)} removed`);
      for (const value of afterValues)
        if (!beforeValues.some((v) => isDeepStrictEqual(v, value)))
          add("enum-value-added", `${pointer}/enum`, `value ${show(value)} added`);
    }
  }
  for (const keyword of ["pattern", "format"] as const) {
    if (before[keyword] === after[keyword]) continue;
    const tightened = keyword === "pattern" ? "pattern-tightened" : "format-tightened";
    const loosened = keyword === "pattern" ? "pattern-loosened" : "format-loosened";
    if (before[keyword] === undefined)
      add(tightened, `${pointer}/${keyword}`, `${keyword} ${show(after[keyword])} added`);
    else if (after[keyword] === undefined)
      add(loosened, `${pointer}/${keyword}`, `${keyword} ${show(before[keyword])} removed`);
    else {
      // Two patterns are compared as the strings they accept (patterns.ts); two formats, or patterns neither of
      // which contains the other, may break both sides.
      const message = `${keyword} changed from ${show(before[keyword])} to ${show(after[keyword])}`;
      const relation =
        keyword === "pattern" && typeof before.pattern === "string" && typeof after.pattern === "string"
          ? comparePatterns(before.pattern, after.pattern)
          : "unknown";
      if (relation === "tightened" || relation === "unknown") add(tightened, `${pointer}/${keyword}`, message);
      if (relation === "loosened" || relation === "unknown") add(loosened, `${pointer}/${keyword}`, message);
    }
  }
  for (const [keywords, tighterWhenGreater] of [
    [LOWER_BOUNDS, true],
    [UPPER_BOUNDS, false],
  ] as const) {
    for (const keyword of keywords) {
      const was = before[keyword];
      const now = after[keyword];
      if (was === now) continue;
      const tightened =
        was === undefined ||
        (typeof now === "number" && typeof was === "number" && (tighterWhenGreater ? now > was : now < was));
      add(
        tightened && now !== undefined ? "bound-tightened" : "bound-loosened",
        `${pointer}/${keyword}`,
        `${keyword} changed from ${show(was ?? "none")} to ${show(now ?? "none")}`,
      );
    }
  }
  for (const keyword of CLOSING_KEYWORDS) {
    const what = keyword === "additionalProperties" ? "unknown" : "unevaluated";
    if (before[keyword] !== false && after[keyword] === false)
      add("object-closed", pointer, `the object no longer accepts ${what} properties`);
    if (before[keyword] === false && after[keyword] !== false)
      add("object-opened", pointer, `the object now accepts ${what} properties`);
  }

  const beforeRequired = new Set(listOf(before.required).map(String));
  const afterRequired = new Set(listOf(after.required).map(String));
  const beforeProps = mapOf(before.properties);
  const afterProps = mapOf(after.properties);
  const removed = Object.keys(beforeProps).filter((name) => !(name in afterProps));
  const added = Object.keys(afterProps).filter((name) => !(name in beforeProps));
  const renamedTo = new Map<string, string>();
  for (const name of removed) {
    const target = added.find(
      (candidate) => !renamedTo.has(candidate) && isDeepStrictEqual(beforeProps[name], afterProps[candidate]),
    );
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
    if (!beforeRequired.has(name) && !renamedTo.has(name))
      add("field-became-required", `${pointer}/required`, `field "${name}" became required`);
  }
  for (const name of beforeRequired) {
    if (!afterRequired.has(name) && !removed.includes(name))
      add("field-became-optional", `${pointer}/required`, `field "${name}" is no longer required`);
  }
  for (const name of Object.keys(beforeProps)) {
    if (name in afterProps) compareSubschema(beforeProps[name], afterProps[name], propertyPointer(name));
  }
  const beforeDependencies = mapOf(before.dependentRequired);
  const afterDependencies = mapOf(after.dependentRequired);
  for (const name of new Set([...Object.keys(beforeDependencies), ...Object.keys(afterDependencies)])) {
    const was = listOf(beforeDependencies[name]).map(String);
    const now = listOf(afterDependencies[name]).map(String);
    const at = `${pointer}/dependentRequired/${escapePointerSegment(name)}`;
    for (const field of now)
      if (!was.includes(field))
        add("field-became-required", at, `field "${field}" became required when "${name}" is present`);
    for (const field of was)
      if (!now.includes(field))
        add("field-became-optional", at, `field "${field}" is no longer required when "${name}" is present`);
  }

  for (const keyword of SUBSCHEMA_KEYWORDS) {
    if (CLOSING_KEYWORDS.has(keyword) && (before[keyword] === false || after[keyword] === false)) continue;
    compareSubschema(before[keyword], after[keyword], `${pointer}/${keyword}`);
  }
  for (const keyword of SUBSCHEMA_MAPS) {
    const was = mapOf(before[keyword]);
    const now = mapOf(after[keyword]);
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)]))
      compareSubschema(was[key], now[key], `${pointer}/${keyword}/${escapePointerSegment(key)}`);
  }
  // Definitions only matter where they are referenced: one added or removed shows up as a changed `$ref`.
  const beforeDefs = mapOf(before.$defs);
  const afterDefs = mapOf(after.$defs);
  for (const key of Object.keys(beforeDefs)) {
    if (key in afterDefs)
      compareSubschema(beforeDefs[key], afterDefs[key], `${pointer}/$defs/${escapePointerSegment(key)}`);
  }
  // An `if` is a condition, not a shape: any change to it changes which rule applies to which payload.
  if (!isDeepStrictEqual(before.if, after.if))
    add("condition-changed", `${pointer}/if`, "the condition of a conditional rule changed");
  // Without an `if`, `then` and `else` are ignored; with one, an absent branch accepts anything.
  if ("if" in before || "if" in after)
    for (const keyword of ["then", "else"]) compareSubschema(before[keyword], after[keyword], `${pointer}/${keyword}`);
  // An absent `not` or `contains` is no constraint at all (`not: {}` and `contains: {}` are): adding one tightens.
  for (const keyword of ["not", "contains"]) {
    const state = presence(keyword);
    if (state === "added") add("constraint-added", `${pointer}/${keyword}`, `a "${keyword}" rule was added`);
    else if (state === "removed")
      add("constraint-removed", `${pointer}/${keyword}`, `the "${keyword}" rule was removed`);
    else if (state === "both")
      compareSubschema(before[keyword], after[keyword], `${pointer}/${keyword}`, keyword === "not");
  }

  // prefixItems is positional: entry i of one version is compared with entry i of the other.
  const beforePrefix = listOf(before.prefixItems);
  const afterPrefix = listOf(after.prefixItems);
  for (let index = 0; index < Math.min(beforePrefix.length, afterPrefix.length); index++) {
    compareSubschema(beforePrefix[index], afterPrefix[index], `${pointer}/prefixItems/${index}`);
  }
  const extraPrefix = afterPrefix.length - beforePrefix.length;
  if (extraPrefix !== 0) {
    const count = Math.abs(extraPrefix);
    add(
      extraPrefix > 0 ? "constraint-added" : "constraint-removed",
      `${pointer}/prefixItems`,
      `${count} prefixItems entr${count === 1 ? "y" : "ies"} ${extraPrefix > 0 ? "added" : "removed"}`,
    );
  }
  for (const keyword of ["allOf", ...ALTERNATIVE_LISTS]) {
    const alternatives = ALTERNATIVE_LISTS.includes(keyword);
    // An absent anyOf/oneOf accepts anything: adding one tightens even though it lists alternatives.
    const state = presence(keyword);
    if (alternatives && state === "added") {
      add("constraint-added", `${pointer}/${keyword}`, `a "${keyword}" rule was added`);
      continue;
    }
    if (alternatives && state === "removed") {
      add("constraint-removed", `${pointer}/${keyword}`, `the "${keyword}" rule was removed`);
      continue;
    }
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
    unmatchedWas.slice(0, unmatchedNow.length).forEach((a, index) => {
      const b = unmatchedNow[index] as JsonValue;
      compareSubschema(a, b, `${pointer}/${keyword}/${now.indexOf(b)}`);
    });
    const extra = unmatchedNow.length - unmatchedWas.length;
    if (extra === 0) continue;
    const kind =
      extra > 0
        ? alternatives
          ? "alternative-added"
          : "constraint-added"
        : alternatives
          ? "alternative-removed"
          : "constraint-removed";
    add(
      kind,
      `${pointer}/${keyword}`,
      `${Math.abs(extra)} ${keyword} entr${Math.abs(extra) === 1 ? "y" : "ies"} ${extra > 0 ? "added" : "removed"}`,
    );
  }
}

/**
 * The changes between two versions of one schema value (a parameter's, an inline body's) found at `pointer` of
 * `file`: absent or `true` accepts anything, `false` nothing.
 */
export function diffSchemaValues(
  file: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  pointer: string,
): SchemaChange[] {
  const changes: SchemaChange[] = [];
  compareSchemas(
    file,
    { properties: { value: before ?? true } },
    { properties: { value: after ?? true } },
    "",
    changes,
  );
  return changes.map((change) => ({
    ...change,
    pointer: `${pointer}${change.pointer.slice("/properties/value".length)}`,
  }));
}

/** Every change between two sets of schema files, matched by `$id`, in file order. */
export function diffSchemaSets(before: SchemaSource[], after: SchemaSource[]): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const byId = (sources: SchemaSource[]) =>
    new Map(sources.map((source) => [String(source.schema.$id ?? source.file), source]));
  const beforeById = byId(before);
  const afterById = byId(after);
  for (const [id, old] of beforeById) {
    const current = afterById.get(id);
    if (current === undefined) {
      const [producers, consumers] = IMPACT["schema-removed"];
      changes.push({
        file: old.file,
        pointer: "",
        kind: "schema-removed",
        message: `schema ${id} removed`,
        breaksProducers: producers,
        breaksConsumers: consumers,
      });
    } else compareSchemas(current.file, old.schema, current.schema, "", changes);
  }
  for (const [id, current] of afterById) {
    if (!beforeById.has(id))
      changes.push({
        file: current.file,
        pointer: "",
        kind: "schema-added",
        message: `schema ${id} added`,
        breaksProducers: false,
        breaksConsumers: false,
      });
  }
  return changes;
}
