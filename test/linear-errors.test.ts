import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validate } from "../generated/validators.js";
import {
  appendCalleeErrors,
  nameDocument,
  pushError,
  toErrors,
  withoutKeyword,
  type ReportedErrors,
} from "../runtime/validation/error-messages.js";
import type { ValidationError } from "../runtime/validation/result.js";
import { FIXTURES, jsonFiles } from "./helpers/fixtures.js";

// docs/validating.md#errors: the errors of nested objects cost O(errors + depth). Three things are held here: the
// errors of generated Config trees (nested filter nodes, the Config's other nested parts, valid and invalid values
// mixed, up to thousands of levels) are those the schemas' rules give, derived from the tree itself; a chain of calls
// touches each callee's errors a bounded number of times, whatever the depth (counted, not timed); and a tree deeper
// than the call stack allows is the `depth` error. The figures are in the bench (`npm run bench -- deep-errors`).

const SEED = Number(process.env.FC_SEED ?? Date.now() % 1_000_000);

// --- The errors the rules of schemas/configs/ give, written out (config, filter, filter-node) ---

const UNKNOWN = "is not allowed here (unknown property)";
type JsonType = "string" | "array" | "object";
const typeError = (pointer: string, type: JsonType): ValidationError => ({
  pointer,
  message: `must be ${type === "string" ? "a" : "an"} ${type}`,
  keyword: "type",
});
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const segment = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** An object closed by `additionalProperties: false`: each key it does not list, in the order `for…in` meets it. */
function closed(value: Record<string, unknown>, at: string, listed: readonly string[], out: ValidationError[]) {
  for (const key of Object.keys(value))
    if (!listed.includes(key))
      out.push({ pointer: `${at}/${segment(key)}`, message: UNKNOWN, keyword: "additionalProperties" });
}
function aString(value: unknown, at: string, out: ValidationError[]) {
  if (value !== undefined && typeof value !== "string") out.push(typeError(at, "string"));
}
function strings(value: unknown, at: string, out: ValidationError[]) {
  if (value === undefined) return;
  if (!Array.isArray(value)) return void out.push(typeError(at, "array"));
  value.forEach((item, index) => aString(item, `${at}/${index}`, out));
}
/** A part the Config calls another schema's validator for: that validator's own errors, below the part's pointer. */
function part(
  name: "index-entry" | "input" | "transformer" | "processor" | "output",
  value: unknown,
  at: string,
  out: ValidationError[],
) {
  const result = validate(name, value);
  if (!result.valid) for (const error of result.errors) out.push({ ...error, pointer: at + error.pointer });
}

const NODE_KEYS = ["field_name", "filters", "op", "value", "value_type", "values"];
/** schemas/configs/filter-node.schema.json, in the order of its properties; its children in `filters`, in order. */
function nodeErrors(node: unknown, at: string, out: ValidationError[]) {
  if (!isObject(node)) return void out.push(typeError(at, "object"));
  closed(node, at, NODE_KEYS, out);
  aString(node.field_name, `${at}/field_name`, out);
  if (node.filters !== undefined) {
    if (Array.isArray(node.filters))
      node.filters.forEach((child, index) => nodeErrors(child, `${at}/filters/${index}`, out));
    else out.push(typeError(`${at}/filters`, "array"));
  }
  for (const key of ["op", "value", "value_type"]) aString(node[key], `${at}/${key}`, out);
  strings(node.values, `${at}/values`, out);
}

function filterErrors(filter: unknown, at: string, out: ValidationError[]) {
  if (!isObject(filter)) return void out.push(typeError(at, "object"));
  closed(filter, at, ["description", "filter", "groups", "indexes"], out);
  aString(filter.description, `${at}/description`, out);
  if (filter.filter !== undefined) nodeErrors(filter.filter, `${at}/filter`, out);
  strings(filter.groups, `${at}/groups`, out);
  strings(filter.indexes, `${at}/indexes`, out);
}

const CONFIG_KEYS = ["id", "name", "description", "status", "groups", "sharing_groups", "index", "filter"];
const PARTS = ["input", "transformer", "processor", "output"] as const;
function configErrors(config: unknown): ValidationError[] {
  const out: ValidationError[] = [];
  if (!isObject(config)) return [typeError("", "object")];
  closed(config, "", [...CONFIG_KEYS, ...PARTS], out);
  for (const key of ["id", "name", "description", "status"]) aString(config[key], `/${key}`, out);
  strings(config.groups, "/groups", out);
  strings(config.sharing_groups, "/sharing_groups", out);
  if (config.index !== undefined) {
    if (Array.isArray(config.index)) config.index.forEach((entry, i) => part("index-entry", entry, `/index/${i}`, out));
    else out.push(typeError("/index", "array"));
  }
  if (config.filter !== undefined) filterErrors(config.filter, "/filter", out);
  for (const name of PARTS) if (config[name] !== undefined) part(name, config[name], `/${name}`, out);
  return out;
}

const expected = (errors: ValidationError[]) => (errors.length === 0 ? { valid: true } : { valid: false, errors });

// --- Generated Configs ---

/** The nested parts of the Config fixtures (a valid fixture is the Config; an invalid one holds it in `data`). */
const fixtures = [
  ...jsonFiles<Record<string, unknown>>(path.join(FIXTURES, "validators", "config", "valid")).map(([, data]) => data),
  ...jsonFiles<{ data: Record<string, unknown> }>(path.join(FIXTURES, "validators", "config", "invalid")).map(
    ([, fixture]) => fixture.data,
  ),
];
const WRONG_TYPES: unknown[] = [1, "x", null, [], true];
const partValues = (name: string) => [
  ...new Set(fixtures.map((data) => data[name]).filter((v) => v !== undefined)),
  ...WRONG_TYPES,
];

const text = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("AND", "x", "") }, fc.constantFrom(...WRONG_TYPES));
const texts = fc.oneof({ weight: 3, arbitrary: fc.array(text, { maxLength: 3 }) }, fc.constantFrom(1, "x", null, {}));
/** Keys no schema lists, some needing escapes in a pointer and one an array index (`for…in` meets it first). */
const unknownKeys = fc.subarray(["x", "a/b", "m~n", "7", "Op", "filter"], { maxLength: 2 });
const withUnknown = <T extends Record<string, unknown>>(value: T, keys: string[]) => ({
  ...value,
  ...Object.fromEntries(keys.map((key) => [key, 0])),
});

/** A node's own fields, each absent, valid or of the wrong type, and maybe unknown keys. */
const nodeFields = fc
  .tuple(
    fc.record({ field_name: text, op: text, value: text, value_type: text, values: texts }, { requiredKeys: [] }),
    unknownKeys,
  )
  .map(([fields, keys]) => withUnknown(fields, keys));
const notAnObject = fc.constantFrom<unknown>(1, "AND", null, []);
/** A small tree of nodes (a few levels, a few children each), with children that are not objects. */
const { node: smallTree } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    notAnObject,
    nodeFields,
    fc
      .tuple(nodeFields, fc.oneof({ weight: 4, arbitrary: fc.array(tie("node"), { maxLength: 3 }) }, notAnObject))
      .map(([fields, filters]) => ({ ...fields, filters })),
  ),
}));
/** Up to 15 children: the errors of their fields have pointers of one length (`/filters/3/op`, `/filters/4/op`). */
const children = fc.oneof(
  { weight: 3, arbitrary: fc.array(smallTree, { maxLength: 2 }) },
  fc.array(fc.oneof(nodeFields, notAnObject), { minLength: 5, maxLength: 15 }),
);
/** A deep tree: a spine of up to `maxLevels` nodes, each with children beside the next node of the spine. */
const spine = (maxLevels: number) =>
  fc
    .integer({ min: 1, max: maxLevels })
    .chain((levels) => fc.array(fc.tuple(nodeFields, children, fc.nat()), { minLength: levels, maxLength: levels }))
    .map((levels) => {
      let below: unknown;
      for (let level = levels.length - 1; level >= 0; level--) {
        const [fields, beside, at] = levels[level]!;
        const filters = [...beside];
        if (below !== undefined) filters.splice(at % (filters.length + 1), 0, below);
        below = { ...fields, filters };
      }
      return below;
    });
const filter = fc
  .tuple(
    fc.record(
      { description: text, filter: fc.oneof(smallTree, spine(300)), groups: texts, indexes: texts },
      { requiredKeys: ["filter"] },
    ),
    unknownKeys,
  )
  .map(([value, keys]) => withUnknown(value, keys));
const config = fc
  .tuple(
    fc.record(
      {
        id: text,
        name: text,
        status: text,
        groups: texts,
        index: fc.oneof(fc.array(fc.constantFrom(...partValues("index").flat()), { maxLength: 2 }), fc.constant(1)),
        filter: fc.oneof({ weight: 6, arbitrary: filter }, notAnObject),
        ...Object.fromEntries(PARTS.map((name) => [name, fc.constantFrom(...partValues(name))])),
      },
      { requiredKeys: ["filter"] },
    ),
    unknownKeys,
  )
  .map(([value, keys]) => withUnknown(value, keys));

/** A chain of `depth` filter nodes, each with an invalid `op` (and, with `unknown`, a key no schema lists first). */
function invalidChain(depth: number, unknown = false): unknown {
  let node: Record<string, unknown> = unknown ? { extra: 1, op: 1 } : { op: 1 };
  for (let level = 1; level < depth; level++)
    node = unknown ? { extra: 1, filters: [node], op: 1 } : { filters: [node], op: 1 };
  return { filter: { filter: node } };
}

describe("errors of deep Config trees", () => {
  it(`are the errors the rules give, in order, on generated Configs: nested filter nodes, nested parts, valid and invalid values mixed (seed ${SEED})`, () => {
    fc.assert(
      fc.property(config, (data) => {
        const errors = configErrors(data);
        expect(validate("config", data)).toEqual(expected(errors));
        // the lenient twin drops the unknown keys' errors at every depth, through its calls
        expect(validate("config-lenient", data)).toEqual(
          expected(errors.filter((error) => error.keyword !== "additionalProperties")),
        );
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it.each([
    [1_000, false],
    [1_000, true],
    [4_000, false],
  ])(
    "a Config of %i nested filter nodes, each invalid (an unknown key in each: %s), reports each node's errors at its own pointer, in order",
    (depth, unknown) => {
      {
        const result = validate("config", invalidChain(depth, unknown));
        const errors = result.valid ? [] : result.errors;
        expect(errors).toHaveLength(unknown ? 2 * depth : depth);
        // a node's unknown key before its children's errors, its `op` after them; each pointer compared as it is
        // made, so that no two copies of all of them are held at once
        const deepest = "/filter/filter" + "/filters/0".repeat(depth - 1);
        const nodeAt = (level: number) => deepest.slice(0, deepest.length - "/filters/0".length * (depth - 1 - level));
        let i = 0;
        if (unknown)
          for (let level = 0; level < depth; level++)
            expect(errors[i++]).toEqual({
              pointer: `${nodeAt(level)}/extra`,
              message: UNKNOWN,
              keyword: "additionalProperties",
            });
        for (let level = depth - 1; level >= 0; level--)
          expect(errors[i++]).toEqual(typeError(`${nodeAt(level)}/op`, "string"));
      }
    },
  );

  it.each([10_000, 100_000])(
    "a Config of %i nested filter nodes, each invalid, is the depth error, not a crash",
    (depth) => {
      expect(validate("config", invalidChain(depth))).toEqual({
        valid: false,
        errors: [{ pointer: "", message: "is nested too deeply to validate", keyword: "depth" }],
      });
    },
  );
});

// --- The work on a callee's errors, counted ---

const countedLists = new WeakSet<ReportedErrors>();
/** A list whose element reads and writes are counted (`counter.touches`); itself when it is counted already. */
function counted(list: ReportedErrors, counter: { touches: number }): ReportedErrors {
  if (countedLists.has(list)) return list;
  const proxy = new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) counter.touches++;
      return Reflect.get(target, key, receiver) as unknown;
    },
    set(target, key, value, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) counter.touches++;
      return Reflect.set(target, key, value, receiver);
    },
  });
  countedLists.add(proxy);
  return proxy;
}

describe("the work on a callee's errors", () => {
  // A chain of `depth` calls as the generated FilterNode validator makes them: each level reports its own error
  // before or after the failed call's (an unknown key first, a wrong `op` last), a dispatch may name a document on the
  // level's errors, a lenient validator wraps the top. Every list a caller receives counts each read and write.
  const chain = (depth: number, ownFirst: boolean, document: boolean, counter: { touches: number }) => {
    let callee: ReportedErrors | null = null;
    for (let level = 0; level < depth; level++) {
      let list: ReportedErrors | null = null;
      if (ownFirst) list = pushError(list, "/extra", UNKNOWN, "additionalProperties");
      if (callee !== null) list = appendCalleeErrors(list, { errors: callee }, "/filters/0");
      if (!ownFirst) list = pushError(list, "/op", "must be a string", "type");
      callee = counted(list!, counter);
      if (document) nameDocument(callee, 0, callee.length, "text/plain");
    }
    return withoutKeyword(callee, "enum");
  };

  it.each([
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ])("grows linearly with the depth of the calls (own error first: %s, documents named: %s)", (ownFirst, document) => {
    const touchesAt = (depth: number) => {
      const counter = { touches: 0 };
      const errors = toErrors(chain(depth, ownFirst, document, counter), {});
      expect(errors).toHaveLength(depth);
      return counter.touches;
    };
    // prefixing every error at every level touched 2,000,000 elements at 1,000 levels and 8,000,000 at 2,000
    const [small, large] = [touchesAt(1_000), touchesAt(2_000)];
    expect(small).toBeLessThanOrEqual(8 * 1_000);
    expect(large).toBeLessThanOrEqual(2 * small + 8);
  });
});
