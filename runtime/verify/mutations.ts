/**
 * Invalid bodies, each made from a valid one by breaking exactly one rule the validators enforce: a required
 * property removed, a value of a type the schema does not allow (where a `type` selects a document, one the base
 * allows and the document does not: `text/plain` with object content), a string outside its pattern or enum, an
 * unknown key in a closed object, a property the rules forbid (`status` in a request, `id` with `observe`), and the
 * rules of the strict JSON reader (docs/validating.md#validation-input): text that is not JSON, a repeated key, bytes
 * that are not UTF-8. The runner keeps a mutation only when the validator rejects its result.
 */
import {
  activeBranches,
  branchEffect,
  hasJsonType,
  isObjectSchema,
  isSchemaObject,
  shapeOf,
  typesOf,
  type SchemaNode,
  type SchemaRegistry,
} from "./schema-model.js";

/** The kinds of broken rule, one family of mutations each. */
export const MUTATION_KINDS = [
  "required",
  "type",
  "pattern",
  "enum",
  "unknown-key",
  "forbidden",
  "not-json",
  "repeated-key",
  "not-utf8",
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

/** One way to break a body: what it breaks (plain words, never a payload value) and the bytes it sends. */
export interface Mutation {
  readonly kind: MutationKind;
  /** Where, as a JSON pointer into the body ("" for the whole body). */
  readonly pointer: string;
  readonly rule: string;
  readonly bytes: () => Uint8Array;
}

/** The key added to a closed object: verify's own, so a report names it without quoting the body. */
export const UNKNOWN_KEY = "specfirst_verify_unknown_key";
const NOT_IN_ENUM = "specfirst-verify-not-allowed";
/** Values tried for a wrong type, in order: the first one no allowed type accepts is used. */
const TYPE_SAMPLES: readonly unknown[] = [42, "42", true, null, [], {}, 1.5];
/** Strings tried against a pattern or a date-time format: the first one the rule rejects is used. */
const OFF_PATTERN: readonly string[] = ["", " ", "specfirst verify", "\u0000", "2031-02-30T09:00:00Z", "@/"];

const encoder = new TextEncoder();
const utf8 = (text: string): Uint8Array => encoder.encode(text);
const escapePointer = (name: string): string => name.replace(/~/g, "~0").replace(/\//g, "~1");
const typeName = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** Replaces the value at `pointer` (`undefined`: removes it; `pointer` "" is the root). */
function replaced(root: unknown, pointer: string, value: unknown): unknown {
  if (pointer === "") return value;
  const copy = structuredClone(root) as Record<string, unknown>;
  const parts = pointer
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  let parent: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) parent = parent[part] as Record<string, unknown>;
  const last = parts[parts.length - 1] as string;
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = value;
  return copy;
}

/** Every single-rule mutation of `body` (valid against `node`), in a stable order: the whole body first. */
export function mutationsOf(registry: SchemaRegistry, node: SchemaNode, body: unknown): Mutation[] {
  const mutations: Mutation[] = [];
  const json = JSON.stringify(body);
  const withValue = (kind: MutationKind, pointer: string, rule: string, value: unknown): void => {
    mutations.push({ kind, pointer, rule, bytes: () => utf8(JSON.stringify(replaced(body, pointer, value))) });
  };

  mutations.push({
    kind: "not-json",
    pointer: "",
    rule: "the body is not JSON (its last character cut)",
    bytes: () => utf8(json.slice(0, -1)),
  });
  if (isSchemaObject(body) && Object.keys(body).length > 0) {
    const [first] = Object.keys(body);
    const pair = `${JSON.stringify(first)}:${JSON.stringify(body[first as string])}`;
    mutations.push({
      kind: "repeated-key",
      pointer: `/${escapePointer(first as string)}`,
      rule: "a key repeated in one object (the strict JSON reader refuses it)",
      bytes: () => utf8(`{${pair},${json.slice(1)}`),
    });
  }
  const quote = json.indexOf('"');
  if (quote >= 0)
    mutations.push({
      kind: "not-utf8",
      pointer: "",
      rule: "a byte that is not UTF-8 (0xFF) inside a string",
      bytes: () => {
        const before = utf8(json.slice(0, quote + 1));
        const after = utf8(json.slice(quote + 1));
        const bytes = new Uint8Array(before.length + 1 + after.length);
        bytes.set(before);
        bytes[before.length] = 0xff;
        bytes.set(after, before.length + 1);
        return bytes;
      },
    });

  const visit = (current: SchemaNode, value: unknown, pointer: string, base: SchemaNode | undefined): void => {
    const resolved = registry.resolve(current);
    const { schema } = resolved;
    if (!isSchemaObject(schema)) return;
    const where = pointer === "" ? "the body" : `\`${pointer}\``;
    if (Object.hasOwn(schema, "const") || Array.isArray(schema.enum)) {
      withValue(
        "enum",
        pointer,
        `${where} holds a value the schema does not list`,
        typeof value === "string" ? NOT_IN_ENUM : 0.5,
      );
      return;
    }
    const types = typesOf(registry, resolved);
    if (types !== undefined) {
      const allows = (sample: unknown, list: readonly string[]) => list.some((type) => hasJsonType(sample, type));
      const baseTypes = base === undefined ? undefined : typesOf(registry, base);
      // Prefer a value the base schema allows and the refinement does not (object content for text/plain).
      const candidates = [
        ...TYPE_SAMPLES.filter((sample) => baseTypes !== undefined && allows(sample, baseTypes)),
        ...TYPE_SAMPLES,
      ];
      const wrong = candidates.find((sample) => !allows(sample, types));
      if (wrong !== undefined)
        withValue(
          "type",
          pointer,
          `${where} is ${typeName(wrong) === "object" ? "an" : "a"} ${typeName(wrong)}, which its schema does not allow (${types.join(" or ")})`,
          wrong,
        );
    }
    if (typeof value === "string" && (typeof schema.pattern === "string" || schema.format === "date-time")) {
      const pattern = typeof schema.pattern === "string" ? new RegExp(schema.pattern, "u") : undefined;
      const off = OFF_PATTERN.find((candidate) =>
        pattern === undefined ? candidate.length < 20 : !pattern.test(candidate),
      );
      if (off !== undefined)
        withValue(
          "pattern",
          pointer,
          `${where} is a string its ${pattern === undefined ? "format" : "pattern"} does not allow`,
          off,
        );
    }
    if (Array.isArray(value)) {
      const items: SchemaNode = { schema: (schema.items as boolean | undefined) ?? true, base: resolved.base };
      value.forEach((item, index) => visit(items, item, `${pointer}/${index}`, undefined));
      return;
    }
    if (!isSchemaObject(value) || !isObjectSchema(registry, resolved)) return;
    const shape = shapeOf(registry, resolved);
    const effect = branchEffect(registry, activeBranches(shape, value));
    const required = new Set([...shape.required, ...effect.required]);
    for (const name of Object.keys(value)) {
      const child = `${pointer}/${escapePointer(name)}`;
      if (required.has(name))
        withValue("required", child, `\`${child}\` is removed, which the schema requires`, undefined);
      const nodes = shape.properties.get(name);
      const own = nodes?.find((candidate) => candidate.schema !== true) ?? nodes?.[0];
      const refined = effect.refined.get(name);
      if (refined !== undefined) visit(refined, value[name], child, own);
      else if (own !== undefined) visit(own, value[name], child, undefined);
      else if (typeof shape.additional === "object") visit(shape.additional, value[name], child, undefined);
    }
    for (const [name, nodes] of shape.properties)
      if (
        !Object.hasOwn(value, name) &&
        (effect.forbidden.has(name) || nodes.some((candidate) => candidate.schema === false))
      )
        withValue(
          "forbidden",
          `${pointer}/${escapePointer(name)}`,
          `\`${pointer}/${name}\` is added, which the rules forbid here`,
          "specfirst-verify",
        );
    if (shape.additional === false)
      withValue(
        "unknown-key",
        `${pointer}/${UNKNOWN_KEY}`,
        `${where} gets the key ${UNKNOWN_KEY}, which its closed object does not list`,
        "specfirst-verify",
      );
  };
  visit(node, body, "", undefined);
  return mutations;
}
