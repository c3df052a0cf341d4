/**
 * Value dispatches in the copy of the schemas that AJV compiles into the validators (the schema files stay
 * standard JSON Schema).
 *
 * The messaging schemas choose a subschema by a property's value with `if`/`then`: `content` by `type` (six
 * cases), `resource` by `type`, `reason` required when `event` is `failed`. AJV compiles every `if` as a composite
 * rule that allocates on each call, and a text/plain message fails five of the six `if`s of message.schema.json
 * every time. Rewritten as the `x-dispatch` keyword, the property is read once and only the matching branch runs,
 * allocating nothing. Validity and errors are unchanged: AJV's own `if` errors ("must match then schema") are
 * dropped by the validators' wrapper anyway.
 *
 * Only the exact form `{ if: { properties: { P: { const | enum } }, required: [P] }, then?, else? }` is rewritten,
 * and only when the branches use keywords that apply to objects alone: for a non-object the `if` is vacuously true
 * and such a `then` vacuously holds, which is what `x-dispatch` (an object-only keyword) does by skipping.
 *
 * A presence condition, `{ if: { required: [P] }, then: { properties: { P: S } } }` (the media-type spelling rule),
 * is compiled as the `{ properties: { P: S } }` it amounts to.
 *
 * A case that selects a document (a dispatch table's case: `content` of a select message checked as the select
 * document) names it in the message of each error of its branch ("(checked as the … document)", by the run-time
 * `nameDocument`: the branch's own errors at once, those of the validators it called when `toErrors` builds them),
 * so nothing has to look at the errors' pointers to say it. An outer dispatch names after an inner one and wins: the
 * document named is the one of the outermost table.
 */
import { _ } from "ajv/dist/2020.js";
import type { Ajv2020, KeywordCxt } from "ajv/dist/2020.js";
import type { JsonObject, JsonValue } from "../../../runtime/json/json-text.js";
import { isJsonObject, mapSchema } from "../../model/schema-walk.js";
import { readDocumentCase } from "../../model/dispatch-tables.js";
import { nameDocument } from "../../../runtime/validation/error-messages.js";
import { AJV_NAMES, propertyAccess } from "./ajv-internals.js";

const ON = "x-dispatch-on";
const CASES = "x-dispatch";
const ELSE = "x-dispatch-else";
/** The values of the cases that select a document (their errors are tagged with the value). */
const DOCUMENTS = "x-dispatch-documents";

/** Keywords that only ever constrain objects. */
const OBJECT_ONLY = new Set([
  "properties",
  "patternProperties",
  "additionalProperties",
  "propertyNames",
  "required",
  "dependentRequired",
  "dependentSchemas",
  "minProperties",
  "maxProperties",
  ON,
  CASES,
  ELSE,
  DOCUMENTS,
]);

interface Dispatch {
  on: string;
  cases: Map<string, JsonValue>;
  /** The case values that select a document. */
  documents: Set<string>;
  otherwise?: JsonValue;
}

const objectOnly = (branch: JsonValue | undefined) =>
  branch === undefined || (isJsonObject(branch) && Object.keys(branch).every((keyword) => OBJECT_ONLY.has(keyword)));

/** `{ properties: { P: { const: V } | { enum: [...] } }, required: [P] }` → P and its string values. */
function readCondition(condition: JsonValue | undefined): { on: string; values: string[] } | undefined {
  if (!isJsonObject(condition) || Object.keys(condition).sort().join() !== "properties,required") return undefined;
  const { properties, required } = condition;
  if (!isJsonObject(properties) || !Array.isArray(required) || required.length !== 1) return undefined;
  const [on, ...others] = Object.keys(properties);
  const test = on === undefined ? undefined : properties[on];
  if (on === undefined || others.length > 0 || on !== required[0] || !isJsonObject(test)) return undefined;
  const keys = Object.keys(test).join();
  const values = keys === "const" ? [test.const] : keys === "enum" && Array.isArray(test.enum) ? test.enum : [];
  if (values.length === 0 || !values.every((v): v is string => typeof v === "string")) return undefined;
  return { on, values };
}

function readDispatch(node: JsonObject): Dispatch | undefined {
  if (ON in node) {
    const documents = new Set(Array.isArray(node[DOCUMENTS]) ? node[DOCUMENTS].map(String) : []);
    return {
      on: String(node[ON]),
      cases: new Map(Object.entries(node[CASES] as JsonObject)),
      documents,
      ...(ELSE in node ? { otherwise: node[ELSE] } : {}),
    };
  }
  const condition = readCondition(node.if);
  if (condition === undefined || !objectOnly(node.then) || !objectOnly(node.else)) return undefined;
  const then = node.then ?? {};
  const documents = new Set(readDocumentCase(node) === undefined ? [] : condition.values);
  return {
    on: condition.on,
    cases: new Map(condition.values.map((value) => [value, then])),
    documents,
    ...(node.else === undefined ? {} : { otherwise: node.else }),
  };
}

const asKeywords = (d: Dispatch): JsonObject => ({
  [ON]: d.on,
  [CASES]: Object.fromEntries(d.cases),
  ...(d.documents.size === 0 ? {} : { [DOCUMENTS]: [...d.documents] }),
  ...(d.otherwise === undefined ? {} : { [ELSE]: d.otherwise }),
});

/** Adjacent `allOf` members that dispatch on the same property, on different values and with no `else`, become one. */
function mergeMembers(members: JsonValue[]): JsonValue[] {
  const merged: JsonValue[] = [];
  let open: Dispatch | undefined;
  for (const member of members) {
    const pure =
      isJsonObject(member) &&
      ON in member &&
      Object.keys(member).every((k) => k === ON || k === CASES || k === ELSE || k === DOCUMENTS);
    const d = pure ? readDispatch(member) : undefined;
    const joins =
      d !== undefined &&
      open !== undefined &&
      open.on === d.on &&
      open.otherwise === undefined &&
      d.otherwise === undefined &&
      [...d.cases.keys()].every((k) => !open!.cases.has(k));
    if (joins) {
      for (const [value, branch] of d.cases) open!.cases.set(value, branch);
      for (const value of d.documents) open!.documents.add(value);
      merged[merged.length - 1] = asKeywords(open!);
    } else {
      merged.push(member);
      open = d === undefined ? undefined : { ...d, cases: new Map(d.cases), documents: new Set(d.documents) };
    }
  }
  return merged;
}

/**
 * `{ if: { required: [P] }, then: { properties: { P: S } } }` (the media-type spelling rule) says no more than
 * `{ properties: { P: S } }`: `properties` applies S only where P is present, and neither constrains a non-object.
 * AJV compiles the `if` as a composite rule that counts and then discards errors; the plain form does not.
 */
function presenceCondition(node: JsonObject): JsonObject | undefined {
  const { if: condition, then, ...rest } = node;
  if ("else" in rest || "properties" in rest || !isJsonObject(condition) || !isJsonObject(then)) return undefined;
  const required = condition.required;
  const properties = then.properties;
  if (Object.keys(condition).join() !== "required" || !Array.isArray(required) || required.length !== 1)
    return undefined;
  if (
    Object.keys(then).join() !== "properties" ||
    !isJsonObject(properties) ||
    Object.keys(properties).join() !== required[0]
  )
    return undefined;
  return { ...rest, properties };
}

/** A copy of `schema` with every constant-valued `if` rewritten as `x-dispatch`, and every presence `if` dropped. */
export function rewriteDispatches(schema: JsonObject): JsonObject {
  return mapSchema(schema, (node) => {
    let out = ("if" in node ? presenceCondition(node) : undefined) ?? node;
    const own = "if" in out ? readDispatch(out) : undefined;
    if (own !== undefined) {
      const { if: _if, then: _then, else: _else, ...rest } = out;
      out = { ...rest, ...asKeywords(own) };
    }
    if (Array.isArray(out.allOf)) out = { ...out, allOf: mergeMembers(out.allOf) };
    return out;
  });
}

/** `mapSchema` over a copy with dispatches: it also goes into the branches of `x-dispatch` and `x-dispatch-else`. */
export function mapDispatchedSchema(schema: JsonObject, rewrite: (schema: JsonObject) => JsonObject): JsonObject {
  const inner = (branch: JsonValue): JsonValue =>
    isJsonObject(branch) ? mapDispatchedSchema(branch, rewrite) : branch;
  return mapSchema(schema, (node) => {
    const cases = node[CASES];
    const otherwise = node[ELSE];
    return rewrite({
      ...node,
      ...(isJsonObject(cases)
        ? { [CASES]: Object.fromEntries(Object.entries(cases).map(([value, branch]) => [value, inner(branch)])) }
        : {}),
      ...(otherwise === undefined ? {} : { [ELSE]: inner(otherwise) }),
    });
  });
}

/**
 * Registers `x-dispatch-on`, `x-dispatch`, `x-dispatch-else` and `x-dispatch-documents` with AJV. The compiled code
 * imports `nameDocument` from `errorMessagesModule` (its specifier, relative to the compiled module).
 */
export function addDispatchKeyword(ajv: Ajv2020, errorMessagesModule: string): void {
  ajv.addKeyword({ keyword: ON, schemaType: "string" });
  ajv.addKeyword({ keyword: ELSE, schemaType: "object" });
  ajv.addKeyword({ keyword: DOCUMENTS, schemaType: "array" });
  ajv.addKeyword({
    keyword: CASES,
    type: "object",
    schemaType: "object",
    code(cxt: KeywordCxt) {
      const { gen, data, schema, parentSchema } = cxt;
      const tag = gen.const("tag", _`${data}${propertyAccess(String(parentSchema[ON]))}`);
      const documents = new Set(
        Array.isArray(parentSchema[DOCUMENTS]) ? (parentSchema[DOCUMENTS] as unknown[]).map(String) : [],
      );
      const named =
        documents.size === 0
          ? undefined
          : gen.scopeValue("func", { ref: nameDocument, code: _`require(${errorMessagesModule}).nameDocument` });
      const valid = gen.let("valid", true);
      gen.if(false);
      for (const value of Object.keys(schema as JsonObject)) {
        gen.elseIf(_`${tag} === ${value}`);
        const branch = gen.name("valid");
        const before = documents.has(value) ? gen.const("errs", AJV_NAMES.errors) : undefined;
        cxt.subschema({ keyword: CASES, schemaProp: value }, branch);
        gen.assign(valid, branch);
        // With allErrors, the branch's errors are vErrors[before .. errors).
        if (before !== undefined && named !== undefined)
          gen.code(_`${named}(${AJV_NAMES.vErrors}, ${before}, ${AJV_NAMES.errors}, ${value})`);
      }
      if (parentSchema[ELSE] !== undefined) {
        gen.else();
        const branch = gen.name("valid");
        cxt.subschema({ keyword: ELSE }, branch);
        gen.assign(valid, branch);
      }
      gen.endIf();
      cxt.ok(valid);
    },
  });
}
