/**
 * Experimental (bench/variants.ts only): the value dispatches of the messaging schemas (`content` typed by `type`,
 * `resource` by `type`, `reason` required when `event` is `failed`, ...) compiled as one `switch`-like keyword
 * instead of `if`/`then`.
 *
 * Why: AJV compiles every `if` as a composite rule, so an `if` that does not match pushes a placeholder error
 * object into a fresh errors array and then truncates it. A text/plain message fails five of the six `if`s of
 * message.schema.json on every call: ten short-lived allocations on the happy path. `x-dispatch` reads the
 * property once and runs the one matching branch, allocating nothing. Validity and error output are unchanged
 * (AJV's `if` errors are dropped by the validators' wrapper anyway); bench/variants.ts checks that on every fixture.
 *
 * Only the copy compiled by AJV would be rewritten; the schema files stay standard JSON Schema.
 */
import { _ } from "ajv/dist/2020.js";
import codegen from "ajv/dist/compile/codegen/index.js";
import type { Ajv2020, KeywordCxt } from "ajv/dist/2020.js";

const { getProperty } = codegen as unknown as { getProperty: (key: string) => ReturnType<typeof _> };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** `{ properties: { P: { const: V } | { enum: [...] } }, required: [P] }` → [P, values]. */
function matchCondition(condition: unknown): [string, unknown[]] | undefined {
  if (!isObject(condition) || Object.keys(condition).sort().join() !== "properties,required") return undefined;
  const { properties, required } = condition as { properties: unknown; required: unknown };
  if (!isObject(properties) || !Array.isArray(required) || required.length !== 1) return undefined;
  const names = Object.keys(properties);
  if (names.length !== 1 || names[0] !== required[0]) return undefined;
  const property = properties[names[0]!];
  if (!isObject(property)) return undefined;
  const keys = Object.keys(property);
  if (keys.length === 1 && keys[0] === "const") return [names[0]!, [property.const]];
  if (keys.length === 1 && keys[0] === "enum" && Array.isArray(property.enum)) return [names[0]!, property.enum];
  return undefined;
}

interface Dispatch {
  on: string;
  cases: Map<string, unknown>;
  otherwise?: unknown;
}

/** An `{ if, then?, else? }` whose `if` tests one property against constant values, as a dispatch. */
function asDispatch(node: Json): Dispatch | undefined {
  const match = matchCondition(node.if);
  if (match === undefined) return undefined;
  const [on, values] = match;
  if (!values.every((v) => typeof v === "string")) return undefined;
  const cases = new Map<string, unknown>(values.map((v) => [v as string, node.then ?? {}]));
  return { on, cases, ...(node.else === undefined ? {} : { otherwise: node.else }) };
}

function dispatchKeywords(d: Dispatch): Json {
  return {
    "x-dispatch-on": d.on,
    "x-dispatch": Object.fromEntries(d.cases),
    ...(d.otherwise === undefined ? {} : { "x-dispatch-else": d.otherwise }),
  };
}

function fromKeywords(node: Json): Dispatch {
  return {
    on: String(node["x-dispatch-on"]),
    cases: new Map(Object.entries(node["x-dispatch"] as Json)),
    ...(node["x-dispatch-else"] === undefined ? {} : { otherwise: node["x-dispatch-else"] }),
  };
}

/** A copy of `schema` with every constant-valued `if` rewritten as `x-dispatch`. */
export function rewriteDispatches(schema: Json): Json {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (!isObject(value)) return value;
    let node: Json = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v)]));
    // an `if` on the node itself
    const own = "if" in node && !("x-dispatch" in node) ? asDispatch(node) : undefined;
    if (own !== undefined) {
      const { if: _if, then: _then, else: _else, ...rest } = node;
      node = { ...rest, ...dispatchKeywords(own) };
    }
    // `allOf` members that are bare if/then(/else): one dispatch per property, merged while values do not clash
    if (Array.isArray(node.allOf)) {
      const members: unknown[] = [];
      let open: Dispatch | undefined;
      const flush = () => {
        if (open !== undefined) members.push(dispatchKeywords(open));
        open = undefined;
      };
      for (const member of node.allOf) {
        // members are visited first, so a bare if/then member arrives already rewritten
        const converted = isObject(member) && "x-dispatch" in member && Object.keys(member).every((k) => k.startsWith("x-dispatch"));
        const d = converted ? fromKeywords(member) : undefined;
        if (d === undefined) {
          flush();
          members.push(member);
          continue;
        }
        const clash = open !== undefined && (open.on !== d.on || open.otherwise !== undefined || d.otherwise !== undefined || [...d.cases.keys()].some((k) => open!.cases.has(k)));
        if (clash) flush();
        if (open === undefined) open = d;
        else for (const [k, v] of d.cases) open.cases.set(k, v);
      }
      flush();
      node.allOf = members;
    }
    return node;
  };
  return visit(schema) as Json;
}

/** The AJV keywords `x-dispatch-on`, `x-dispatch` and `x-dispatch-else`. */
export function addDispatchKeywords(ajv: Ajv2020): void {
  ajv.addKeyword({ keyword: "x-dispatch-on", schemaType: "string" });
  ajv.addKeyword({ keyword: "x-dispatch-else", schemaType: "object" });
  ajv.addKeyword({
    keyword: "x-dispatch",
    type: "object",
    schemaType: "object",
    code(cxt: KeywordCxt) {
      const { gen, data, schema, parentSchema } = cxt;
      const on = String(parentSchema["x-dispatch-on"]);
      const tag = gen.const("tag", _`${data}${getProperty(on)}`);
      const valid = gen.let("valid", true);
      gen.if(false);
      for (const value of Object.keys(schema as Json)) {
        gen.elseIf(_`${tag} === ${value}`);
        const branch = gen.name("valid");
        cxt.subschema({ keyword: "x-dispatch", schemaProp: value }, branch);
        gen.assign(valid, branch);
      }
      if (parentSchema["x-dispatch-else"] !== undefined) {
        gen.else();
        const branch = gen.name("valid");
        cxt.subschema({ keyword: "x-dispatch-else" }, branch);
        gen.assign(valid, branch);
      }
      gen.endIf();
      cxt.ok(valid);
    },
  });
}

