/**
 * fast-check arbitraries of the bodies a schema accepts, derived from the schema files (runtime/verify/schema-model.ts):
 * an object's selectors (`type`, `method`, `uri`: the properties its `if`s read) are drawn first, from the values the
 * rules name (`const`, `enum`) and the schema's `examples` as well as from the property's own schema; the branches
 * they select then decide which properties are required, forbidden or refined (`content` as the document of
 * `type`). Every value still goes through the API's validator before it is sent (runtime/verify/runner.ts): this
 * module aims at valid bodies, the validator decides.
 */
import fc from "fast-check";
import {
  activeBranches,
  branchEffect,
  conditionHolds,
  hasJsonType,
  isObjectSchema,
  isSchemaObject,
  shapeOf,
  typesOf,
  type ObjectShape,
  type SchemaNode,
  type SchemaObject,
  type SchemaRegistry,
} from "./schema-model.js";

/**
 * A published pattern as fast-check's `stringMatching` reads it: the `$(?!\n)` ending that keeps Python's `$` from
 * matching before a final line feed (docs/published-contract.md) loses its lookahead, which fast-check cannot
 * generate from and which a string generated from `$` never needs. (Every generated body is checked by the
 * validators before it is sent.)
 */
const matchable = (pattern: string): RegExp => new RegExp(pattern.replaceAll("(?!\\n)", ""));

/** What a variant fixes in a body: property values (`pins`) and properties that must be present (`require`). */
export interface BodyConstraint {
  /** Property → the arbitrary of its value; the property is always present. */
  readonly pins?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** Property → what must hold inside it; the property is always present. */
  readonly require?: Readonly<Record<string, BodyConstraint>>;
}

/** An object schema met this many times on the path from the root is generated with its required properties only. */
const RECURSION_LIMIT = 2;
const MAX_ITEMS = 3;
const MAX_STRING = 16;

const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 1 });
/** Marks an optional property left out (removed before the body is returned). */
const ABSENT = Symbol("absent");
const extraKey = fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 });

/** `YYYY-MM-DDTHH:MM:SS.sssZ` between 2000 and 2100: the RFC 3339 UTC form every date-time rule accepts. */
const dateTime = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString());

export class BodyArbitraries {
  readonly #registry: SchemaRegistry;

  constructor(registry: SchemaRegistry) {
    this.#registry = registry;
  }

  /** Bodies valid (as far as this module knows) against `node`, under `constraint`. */
  of(node: SchemaNode, constraint: BodyConstraint = {}): fc.Arbitrary<unknown> {
    return this.#value(node, [], constraint);
  }

  #value(node: SchemaNode, path: readonly SchemaObject[], constraint: BodyConstraint): fc.Arbitrary<unknown> {
    const resolved = this.#registry.resolve(node);
    const { schema } = resolved;
    if (schema === true) return anyJson;
    if (schema === false) throw new TypeError(`${resolved.base}: no value satisfies a false schema`);
    if (Object.hasOwn(schema, "const")) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    if (isObjectSchema(this.#registry, resolved)) return this.#object(resolved, path, constraint);
    const types = typesOf(this.#registry, resolved) ?? ["string", "integer", "boolean", "null", "object", "array"];
    const options = types.map((type) => this.#ofType(resolved, type, path, constraint));
    return options.length === 1 ? (options[0] as fc.Arbitrary<unknown>) : fc.oneof(...options);
  }

  #ofType(
    node: SchemaNode,
    type: string,
    path: readonly SchemaObject[],
    constraint: BodyConstraint,
  ): fc.Arbitrary<unknown> {
    const schema = node.schema as SchemaObject;
    const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : [];
    const withExamples = (base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => {
      const matching = examples.filter((example) => hasJsonType(example, type));
      return matching.length === 0
        ? base
        : fc.oneof({ arbitrary: fc.constantFrom(...matching), weight: 2 }, { arbitrary: base, weight: 1 });
    };
    switch (type) {
      case "string": {
        if (schema.format === "date-time") return dateTime;
        if (typeof schema.pattern === "string") return withExamples(fc.stringMatching(matchable(schema.pattern)));
        const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
        const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : Math.max(minLength, MAX_STRING);
        return withExamples(fc.string({ unit: "grapheme", minLength, maxLength }));
      }
      case "integer":
        return withExamples(
          fc.integer({
            min: typeof schema.minimum === "number" ? schema.minimum : -(2 ** 31),
            max: typeof schema.maximum === "number" ? schema.maximum : 2 ** 31 - 1,
          }),
        );
      case "number":
        return fc.double({ noNaN: true, noDefaultInfinity: true });
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array": {
        const items: SchemaNode = {
          schema: (schema.items as SchemaObject | boolean | undefined) ?? true,
          base: node.base,
        };
        const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
        const maxLength = Math.max(
          minLength,
          Math.min(MAX_ITEMS, typeof schema.maxItems === "number" ? schema.maxItems : MAX_ITEMS),
        );
        return fc.array(this.#value(items, path, {}), { minLength, maxLength });
      }
      case "object":
        return this.#object(node, path, constraint);
      default:
        throw new TypeError(`${node.base}: unknown JSON type "${type}"`);
    }
  }

  #object(node: SchemaNode, path: readonly SchemaObject[], constraint: BodyConstraint): fc.Arbitrary<unknown> {
    const shape = shapeOf(this.#registry, node);
    const here = node.schema as SchemaObject;
    const inner = [...path, here];
    const minimal = inner.filter((seen) => seen === here).length > RECURSION_LIMIT;
    if (shape.properties.size === 0 && shape.conditionals.length === 0) return this.#map(shape, inner, minimal);

    const selectorModel: Record<string, fc.Arbitrary<unknown>> = {};
    const selectorRequired: string[] = [];
    for (const name of shape.selectors) {
      const pinned = constraint.pins?.[name];
      selectorModel[name] = pinned ?? this.#selector(shape, name, inner, constraint.require?.[name] ?? {});
      if (pinned !== undefined || shape.required.has(name) || constraint.require?.[name] !== undefined)
        selectorRequired.push(name);
    }
    const selectors = fc.record(selectorModel, { requiredKeys: selectorRequired });
    // The rest of the object for one choice of selectors, built once per set of applying branches.
    const built = new Map<string, fc.Arbitrary<Record<string, unknown>>>();
    const rest = (chosen: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> => {
      const holds = shape.conditionals.map((conditional) => conditionHolds(conditional.if, chosen));
      const key = holds.map((yes) => (yes ? "1" : "0")).join("");
      let arbitrary = built.get(key);
      if (arbitrary === undefined) {
        arbitrary = this.#rest(shape, activeBranches(shape, chosen), inner, minimal, constraint);
        built.set(key, arbitrary);
      }
      return arbitrary;
    };
    const order = [...shape.properties.keys()];
    return selectors.chain((chosen) =>
      rest(chosen).map((others) => {
        const body: Record<string, unknown> = {};
        for (const name of order) {
          if (Object.hasOwn(chosen, name)) body[name] = chosen[name];
          else if (Object.hasOwn(others, name)) body[name] = others[name];
        }
        for (const [name, value] of Object.entries(others)) if (!Object.hasOwn(body, name)) body[name] = value;
        return body;
      }),
    );
  }

  /** A selector's value: the values the rules test it against, its examples, or anything its own schema allows. */
  #selector(
    shape: ObjectShape,
    name: string,
    path: readonly SchemaObject[],
    constraint: BodyConstraint,
  ): fc.Arbitrary<unknown> {
    const named: unknown[] = [];
    for (const conditional of shape.conditionals) {
      const rule = (conditional.if.properties as SchemaObject | undefined)?.[name];
      if (!isSchemaObject(rule)) continue;
      if (Object.hasOwn(rule, "const")) named.push(rule.const);
      if (Array.isArray(rule.enum)) named.push(...(rule.enum as unknown[]));
    }
    const nodes = shape.properties.get(name) ?? [];
    const own = nodes[0] === undefined ? anyJson : this.#value(nodes[0], path, constraint);
    const unique = [...new Set(named.map((value) => JSON.stringify(value)))].map(
      (value) => JSON.parse(value) as unknown,
    );
    return unique.length === 0
      ? own
      : fc.oneof({ arbitrary: fc.constantFrom(...unique), weight: 3 }, { arbitrary: own, weight: 1 });
  }

  #rest(
    shape: ObjectShape,
    branches: readonly SchemaNode[],
    path: readonly SchemaObject[],
    minimal: boolean,
    constraint: BodyConstraint,
  ): fc.Arbitrary<Record<string, unknown>> {
    const effect = branchEffect(this.#registry, branches);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, nodes] of shape.properties) {
      if (shape.selectors.has(name) || effect.forbidden.has(name)) continue;
      const node = effect.refined.get(name) ?? nodes.find((candidate) => candidate.schema !== true) ?? nodes[0];
      if (node === undefined || node.schema === false) continue;
      const pinned = constraint.pins?.[name];
      const inside = constraint.require?.[name];
      const needed =
        shape.required.has(name) || effect.required.has(name) || pinned !== undefined || inside !== undefined;
      if (minimal && !needed) continue;
      const value = pinned ?? this.#value(node, path, inside ?? {});
      // An optional property is left out more often the deeper it is, so that a body of a large tree (a Config)
      // stays a few hundred bytes to a few kilobytes; shrinking leaves it out (the first option).
      const absence = path.length <= 1 ? 1 : path.length <= 3 ? 2 : 4;
      model[name] = needed
        ? value
        : fc.oneof({ arbitrary: fc.constant(ABSENT), weight: absence }, { arbitrary: value, weight: 1 });
    }
    // A name required by a branch but declared nowhere (none in the shipped schemas) gets any value.
    for (const name of effect.required)
      if (!Object.hasOwn(model, name) && !shape.selectors.has(name)) model[name] = anyJson;
    const record = fc
      .record(model)
      .map((fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ABSENT)));
    if (shape.additional !== true || minimal) return record;
    // Open objects take keys they do not list (the seed: fields "not shown" are neither promised nor excluded).
    const declared = new Set([...shape.properties.keys()]);
    const extra = fc.option(
      fc.tuple(
        extraKey.filter((key) => !declared.has(key)),
        anyJson,
      ),
      { freq: 6 },
    );
    return fc
      .tuple(record, extra)
      .map(([fields, added]) => (added === null ? fields : { ...fields, [added[0]]: added[1] }));
  }

  /** An object without listed properties: a map of its `additionalProperties` schema (any JSON when open). */
  #map(shape: ObjectShape, path: readonly SchemaObject[], minimal: boolean): fc.Arbitrary<unknown> {
    if (shape.additional === false || minimal) return fc.constant({});
    const values = shape.additional === true ? anyJson : this.#value(shape.additional, path, {});
    return fc.dictionary(extraKey, values, { maxKeys: MAX_ITEMS, noNullPrototype: true });
  }
}
