/**
 * The rules the peers of bench/peers.ts are written from, one home for each: the messaging patterns and media types,
 * read from the shipped schemas (generated/schemas/messaging/) so the peers never lag a rule change, and the Config
 * tree's schema files translated keyword for keyword into one library's schemas (`configTree`).
 */
import { readSchemas } from "./shared.js";

const SCHEMAS = readSchemas();
const patternOf = (name: string) => String(SCHEMAS.find((s) => s.name === name)?.schema.pattern);

/** node-address.schema.json `pattern`, as the schema writes it (the generated code tests a cheaper equivalent). */
export const NODE_ADDRESS = patternOf("node-address");
/** media-type.schema.json `pattern`: `type/subtype`, RFC 6838 restricted names, no parameters. */
export const MEDIA_TYPE = patternOf("media-type");

/** The media types with a content document, as declared. */
export const CONTENT_TYPES = {
  text: "text/plain",
  chatState: "application/vnd.lime.chatstate+json",
  collection: "application/vnd.lime.collection+json",
  container: "application/vnd.lime.container+json",
  mediaLink: "application/vnd.lime.media-link+json",
  select: "application/vnd.lime.select+json",
} as const;

const caseless = (text: string) =>
  [...text].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c.replace(/[.+/]/g, (m) => `\\${m}`))).join("");

/**
 * A media type other than a declared one, for a field that selects a document: any spelling of a declared media type
 * (`TEXT/PLAIN`) is rejected, not taken for an unknown type. No flags (TypeBox compiles patterns so): `[tT]` classes.
 */
export const OTHER_MEDIA_TYPE = `^(?!(?:${Object.values(CONTENT_TYPES).map(caseless).join("|")})$)${MEDIA_TYPE.slice(1)}`;

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const CHAT_STATES = ["starting", "composing", "paused", "deleting", "gone"] as const;
export const EVENTS = ["accepted", "dispatched", "received", "consumed", "failed"] as const;

/**
 * How one library writes each construct of the Config tree's schema files: the scalars, an array of `items`, an
 * object (its properties optional unless `required`; `closed`: other keys refused), an object whose every value is
 * a `values`, and another schema of the tree by name.
 */
export type Spelling<T> = Record<"string" | "integer" | "number" | "boolean" | "unknown", T> & {
  array(items: T): T;
  object(properties: { key: string; schema: T; required: boolean }[], closed: boolean): T;
  record(values: T): T;
  ref(name: string): T;
};

const CONSTRAINTS = ["if", "allOf", "oneOf", "anyOf", "enum", "const", "pattern", "format"];

/**
 * Every schema of the Config tree (generated/schemas/configs/) in one library's spelling, by name: what a team
 * moving its JSON Schemas to that library writes. Throws on a keyword it does not translate.
 */
export function configTree<T>(spell: Spelling<T>): Map<string, T> {
  const of = (node: Record<string, unknown>): T => {
    if (typeof node.$ref === "string") return spell.ref(node.$ref.replace(/^.*\//, "").replace(/\.schema\.json$/, ""));
    switch (node.type) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
        return spell[node.type];
      case "array":
        return spell.array(node.items === undefined ? spell.unknown : of(node.items as Record<string, unknown>));
      case "object": {
        const required = new Set((node.required as string[] | undefined) ?? []);
        const properties = Object.entries((node.properties ?? {}) as Record<string, Record<string, unknown>>);
        const additional = node.additionalProperties;
        if (properties.length === 0 && typeof additional === "object" && additional !== null)
          return spell.record(of(additional as Record<string, unknown>));
        const translated = properties.map(([key, value]) => ({ key, schema: of(value), required: required.has(key) }));
        return spell.object(translated, additional === false);
      }
    }
    if (node.type === undefined && !Object.keys(node).some((key) => CONSTRAINTS.includes(key))) return spell.unknown;
    throw new Error(`bench/peer-rules.ts: no translation for ${JSON.stringify(node).slice(0, 120)}`);
  };
  return new Map(SCHEMAS.filter((s) => s.api === "configs").map((s) => [s.name, of(s.schema)]));
}
