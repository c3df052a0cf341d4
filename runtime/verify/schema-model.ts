/**
 * The part of JSON Schema that `specfirst verify` reads to generate and break request bodies: the shipped schema
 * files (`specfirst/schemas/<api>/*.schema.json`, draft 2020-12) resolved by `$id`, and each object schema flattened
 * into one shape (its properties, required names and closedness, with `allOf` and `$ref` followed) plus the
 * `if`/`then`/`else` rules that pick a refinement by the value of a property (`type` selects `content`, `method`
 * `observe` forbids `id`). Anything outside that part is refused when the arbitraries are built (fail closed), so a
 * new keyword in the schemas is a loud error of verify, never a silently wrong body.
 */

/** A JSON Schema: an object of keywords or a boolean schema. */
export type Schema = boolean | SchemaObject;
export interface SchemaObject {
  readonly [keyword: string]: unknown;
}

/** A schema with the `$id` of the file holding it, against which its `$ref`s resolve. */
export interface SchemaNode {
  readonly schema: Schema;
  readonly base: string;
}

/** Keywords that only describe (never decide a verdict): ignored by generation. */
const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "$comment",
  "title",
  "description",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "x-generated",
  "x-secret",
  "x-content-type",
  "x-resource-type",
]);

/** The assertion keywords verify knows how to satisfy and to break. */
const SUPPORTED = new Set([
  "$ref",
  "type",
  "const",
  "enum",
  "pattern",
  "format",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "items",
  "minItems",
  "maxItems",
  "properties",
  "required",
  "additionalProperties",
  "allOf",
  "if",
  "then",
  "else",
]);

export class UnsupportedSchemaError extends Error {
  constructor(where: string, what: string) {
    super(`specfirst verify cannot generate bodies for ${where}: ${what}`);
    this.name = "UnsupportedSchemaError";
  }
}

export const isSchemaObject = (schema: unknown): schema is SchemaObject =>
  typeof schema === "object" && schema !== null && !Array.isArray(schema);

/** The schema files of the contract, by `$id`. */
export class SchemaRegistry {
  readonly #byId = new Map<string, SchemaObject>();
  readonly #byName = new Map<string, string>();

  constructor(files: readonly { name: string; $id: string; schema: SchemaObject }[]) {
    for (const file of files) {
      this.#byId.set(file.$id, file.schema);
      this.#byName.set(file.name, file.$id);
    }
  }

  /** The root of the schema file `name` (`message` → message.schema.json). */
  named(name: string): SchemaNode {
    const id = this.#byName.get(name);
    const schema = id === undefined ? undefined : this.#byId.get(id);
    if (id === undefined || schema === undefined)
      throw new UnsupportedSchemaError(`schema "${name}"`, "no schema file has that name");
    return { schema, base: id };
  }

  /** Follows `$ref` (whole files only: the shipped schemas refer to no fragment) until a schema without one. */
  resolve(node: SchemaNode): SchemaNode {
    let current = node;
    for (let hops = 0; isSchemaObject(current.schema) && typeof current.schema.$ref === "string"; hops += 1) {
      if (hops > 64) throw new UnsupportedSchemaError(current.base, "a $ref cycle with no schema in it");
      const { $ref, ...siblings } = current.schema;
      const target = new URL($ref as string, current.base);
      if (target.hash !== "") throw new UnsupportedSchemaError(current.base, `the $ref ${String($ref)} has a fragment`);
      const schema = this.#byId.get(target.href);
      if (schema === undefined)
        throw new UnsupportedSchemaError(current.base, `the $ref ${String($ref)} names no file`);
      const asserting = Object.keys(siblings).filter((keyword) => !ANNOTATIONS.has(keyword));
      // `{ $ref, minItems }` would need both: written as allOf so that flattening keeps both sides.
      if (asserting.length > 0) return { schema: { allOf: [{ $ref }, siblings] }, base: current.base };
      current = { schema, base: target.href };
    }
    return current;
  }
}

/** Refuses a keyword verify cannot honour, naming the schema. */
export function assertSupported(node: SchemaNode): void {
  if (!isSchemaObject(node.schema)) return;
  for (const keyword of Object.keys(node.schema)) {
    if (ANNOTATIONS.has(keyword) || SUPPORTED.has(keyword)) continue;
    throw new UnsupportedSchemaError(node.base, `the keyword "${keyword}"`);
  }
  const { format } = node.schema;
  if (format !== undefined && format !== "date-time")
    throw new UnsupportedSchemaError(node.base, `the format "${String(format)}"`);
}

/** One `if`/`then`/`else` of an object: the branch that applies is chosen by the values of `selectors`. */
export interface Conditional {
  readonly if: SchemaObject;
  readonly then: SchemaNode | undefined;
  readonly else: SchemaNode | undefined;
  readonly base: string;
}

/** An object schema flattened: every `allOf` entry and `$ref` merged into one list of properties and rules. */
export interface ObjectShape {
  /** Property name → the schemas it must satisfy (several when allOf entries each name it), in declaration order. */
  readonly properties: ReadonlyMap<string, readonly SchemaNode[]>;
  readonly required: ReadonlySet<string>;
  /** `false`: closed (an unknown key is an error); a schema: the schema of every other key; `true`: open. */
  readonly additional: SchemaNode | boolean;
  readonly conditionals: readonly Conditional[];
  /** Properties the conditionals read (`type`, `method`, `uri`): generated first, the rest follows from them. */
  readonly selectors: ReadonlySet<string>;
}

/** The JSON Schema types `node` allows (after `$ref`), or undefined when it does not say. */
export function typesOf(registry: SchemaRegistry, node: SchemaNode): readonly string[] | undefined {
  const resolved = registry.resolve(node);
  if (!isSchemaObject(resolved.schema)) return undefined;
  const { type, allOf } = resolved.schema;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type as string[];
  if (Array.isArray(allOf))
    for (const entry of allOf) {
      const types = typesOf(registry, { schema: entry as Schema, base: resolved.base });
      if (types !== undefined) return types;
    }
  return undefined;
}

/** True when `node` describes objects by keywords (properties, required, rules), whatever its `type` says. */
export function isObjectSchema(registry: SchemaRegistry, node: SchemaNode): boolean {
  const resolved = registry.resolve(node);
  if (!isSchemaObject(resolved.schema)) return false;
  const types = typesOf(registry, resolved);
  if (types !== undefined) return types.length === 1 && types[0] === "object";
  return ["properties", "required", "additionalProperties", "if"].some((keyword) =>
    Object.hasOwn(resolved.schema as SchemaObject, keyword),
  );
}

/** Flattens an object schema (see `ObjectShape`). */
export function shapeOf(registry: SchemaRegistry, node: SchemaNode): ObjectShape {
  const properties = new Map<string, SchemaNode[]>();
  const required = new Set<string>();
  const conditionals: Conditional[] = [];
  let additional: SchemaNode | boolean = true;
  const visit = (entry: SchemaNode): void => {
    const resolved = registry.resolve(entry);
    assertSupported(resolved);
    const { schema, base } = resolved;
    if (!isSchemaObject(schema)) {
      if (schema) return;
      throw new UnsupportedSchemaError(base, "an object schema that is `false`");
    }
    if (isSchemaObject(schema.properties))
      for (const [name, property] of Object.entries(schema.properties)) {
        const list = properties.get(name) ?? [];
        list.push({ schema: property as Schema, base });
        properties.set(name, list);
      }
    if (Array.isArray(schema.required)) for (const name of schema.required as string[]) required.add(name);
    if (schema.additionalProperties === false) additional = false;
    else if (isSchemaObject(schema.additionalProperties) && additional !== false)
      additional = { schema: schema.additionalProperties, base };
    if (isSchemaObject(schema.if))
      conditionals.push({
        if: schema.if,
        then: schema.then === undefined ? undefined : { schema: schema.then as Schema, base },
        else: schema.else === undefined ? undefined : { schema: schema.else as Schema, base },
        base,
      });
    if (Array.isArray(schema.allOf)) for (const part of schema.allOf) visit({ schema: part as Schema, base });
  };
  visit(node);
  const selectors = new Set<string>();
  for (const conditional of conditionals) {
    for (const keyword of Object.keys(conditional.if))
      if (!["properties", "required"].includes(keyword) && !ANNOTATIONS.has(keyword))
        throw new UnsupportedSchemaError(conditional.base, `an "if" with the keyword "${keyword}"`);
    for (const name of Object.keys((conditional.if.properties as SchemaObject | undefined) ?? {})) selectors.add(name);
    for (const name of (conditional.if.required as string[] | undefined) ?? []) selectors.add(name);
  }
  return { properties, required, additional, conditionals, selectors };
}

/**
 * Whether the `if` of a conditional holds for `value`: it may only name properties with `const`, `enum`, `type` and
 * `pattern`, and `required` (what the shipped schemas use; anything else was refused by `shapeOf`).
 */
export function conditionHolds(condition: SchemaObject, value: Readonly<Record<string, unknown>>): boolean {
  for (const name of (condition.required as string[] | undefined) ?? []) if (!Object.hasOwn(value, name)) return false;
  for (const [name, rule] of Object.entries((condition.properties as SchemaObject | undefined) ?? {})) {
    if (!Object.hasOwn(value, name) || !isSchemaObject(rule)) continue;
    const actual = value[name];
    for (const [keyword, expected] of Object.entries(rule)) {
      if (ANNOTATIONS.has(keyword)) continue;
      if (keyword === "const" && !sameJson(actual, expected)) return false;
      else if (keyword === "enum" && !(expected as unknown[]).some((option) => sameJson(actual, option))) return false;
      else if (keyword === "type" && !hasJsonType(actual, expected as string)) return false;
      else if (
        keyword === "pattern" &&
        (typeof actual !== "string" || !new RegExp(expected as string, "u").test(actual))
      )
        return false;
      else if (!["const", "enum", "type", "pattern"].includes(keyword))
        throw new UnsupportedSchemaError("an if", `the keyword "${keyword}" under properties`);
    }
  }
  return true;
}

/** The branches of `shape`'s conditionals that apply to `value`. */
export function activeBranches(shape: ObjectShape, value: Readonly<Record<string, unknown>>): SchemaNode[] {
  const branches: SchemaNode[] = [];
  for (const conditional of shape.conditionals) {
    const branch = conditionHolds(conditional.if, value) ? conditional.then : conditional.else;
    if (branch !== undefined) branches.push(branch);
  }
  return branches;
}

/** What the applying branches add: required names, forbidden names (`false`), and refined property schemas. */
export interface BranchEffect {
  readonly required: ReadonlySet<string>;
  readonly forbidden: ReadonlySet<string>;
  readonly refined: ReadonlyMap<string, SchemaNode>;
}

export function branchEffect(registry: SchemaRegistry, branches: readonly SchemaNode[]): BranchEffect {
  const required = new Set<string>();
  const forbidden = new Set<string>();
  const refined = new Map<string, SchemaNode>();
  for (const branch of branches) {
    const shape = shapeOf(registry, branch);
    for (const name of shape.required) required.add(name);
    for (const [name, nodes] of shape.properties)
      for (const node of nodes) {
        if (node.schema === false) forbidden.add(name);
        else refined.set(name, node);
      }
  }
  return { required, forbidden, refined };
}

export function hasJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isSchemaObject(value);
    default:
      return false;
  }
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
