/**
 * valibot peer (bench/peers.ts): valibot 1 schemas written to the same rules as the generated validators, the way a
 * valibot user writes them.
 *
 * - message and notification: written by hand from bench/peer-rules.ts, a union with one member per declared media
 *   type (a `literal` `type` and its document) and one for any other media type (`OTHER_MEDIA_TYPE`, which also
 *   rejects a case variant of a declared one); the failed-notification rule is a `variant` on `event`. valibot's
 *   object schemas take an array for an object, so each object is piped after a plain-object `custom` check
 *   (JSON Schema's `object` is not an array).
 * - the Config tree: its schema files (generated/schemas/configs/) translated keyword for keyword into
 *   `strictObject` / `array` / `lazy` ... (the translation fails on a keyword it does not know).
 */
import * as v from "valibot";
import { CHAT_STATES, CONTENT_TYPES, EVENTS, MEDIA_TYPE, NODE_ADDRESS, OTHER_MEDIA_TYPE } from "./peer-rules.js";
import { readSchemas } from "./shared.js";

type Schema = v.GenericSchema;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const plainObject = v.custom<Record<string, unknown>>(isObject, "must be an object");
/** A JSON Schema `object`: not an array, then the entries (extra keys kept, or refused when `strict`). */
const object = (entries: v.ObjectEntries, strict = false): Schema =>
  v.pipe(
    plainObject,
    (strict ? v.strictObject(entries) : v.looseObject(entries)) as unknown as v.GenericSchema<Record<string, unknown>>,
  );

const str = v.string();
const integer = v.pipe(v.number(), v.integer());
const nodeAddress = v.pipe(v.string(), v.regex(new RegExp(NODE_ADDRESS, "u")));
const mediaType = v.pipe(v.string(), v.regex(new RegExp(MEDIA_TYPE, "u")));
const otherMediaType = v.pipe(v.string(), v.regex(new RegExp(OTHER_MEDIA_TYPE, "u")));

const chatState = object({ state: v.optional(v.picklist(CHAT_STATES)) });
const mediaLink = object({ text: v.optional(str), type: v.optional(mediaType), uri: v.optional(str) });
const select = object({
  text: v.optional(str),
  options: v.optional(v.array(object({ order: v.optional(integer), text: v.optional(str) }))),
});
const documents: [string, Schema][] = [
  [CONTENT_TYPES.text, str],
  [CONTENT_TYPES.chatState, chatState],
  [CONTENT_TYPES.collection, v.lazy(() => collection)],
  [CONTENT_TYPES.container, v.lazy(() => container)],
  [CONTENT_TYPES.mediaLink, mediaLink],
  [CONTENT_TYPES.select, select],
];
/** One member per declared media type in `key`, its document in `value`, and one for any other media type. */
const byMediaType = (make: (type: Schema, document: Schema | undefined) => Schema): Schema =>
  v.union([...documents.map(([type, document]) => make(v.literal(type), document)), make(otherMediaType, undefined)]);

const collection: Schema = byMediaType((type, document) =>
  object({
    itemType: document === undefined ? v.optional(type) : type,
    items: v.optional(v.array(document ?? v.unknown())),
  }),
);
const container: Schema = byMediaType((type, document) =>
  object({ type: document === undefined ? v.optional(type) : type, value: v.optional(document ?? v.unknown()) }),
);

const envelope = { id: v.optional(str), from: v.optional(nodeAddress) };
const message = byMediaType((type, document) =>
  object({
    ...envelope,
    to: nodeAddress,
    type,
    content: document ?? v.union([str, plainObject]),
    metadata: v.optional(v.pipe(plainObject, v.record(v.string(), str))),
  }),
);
const reason = object({ code: integer, description: v.optional(str) });
const notification = v.pipe(
  plainObject,
  v.variant("event", [
    v.looseObject({ ...envelope, to: v.optional(nodeAddress), event: v.literal("failed"), reason }),
    v.looseObject({
      ...envelope,
      to: v.optional(nodeAddress),
      event: v.picklist(EVENTS.filter((e) => e !== "failed")),
      reason: v.optional(reason),
    }),
  ]),
);

/** One JSON Schema node of the Config tree as the valibot schema a user would write. */
function fromJsonSchema(node: Record<string, unknown>, named: Map<string, Schema>): Schema {
  if (typeof node.$ref === "string") {
    const name = node.$ref.replace(/^.*\//, "").replace(/\.schema\.json$/, "");
    return v.lazy(() => named.get(name)!);
  }
  switch (node.type) {
    case "string":
      return v.string();
    case "integer":
      return integer;
    case "number":
      return v.number();
    case "boolean":
      return v.boolean();
    case "array":
      return v.array(
        node.items === undefined ? v.unknown() : fromJsonSchema(node.items as Record<string, unknown>, named),
      );
    case "object": {
      const required = new Set((node.required as string[] | undefined) ?? []);
      const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
      const additional = node.additionalProperties;
      if (Object.keys(properties).length === 0 && typeof additional === "object" && additional !== null) {
        return v.pipe(plainObject, v.record(v.string(), fromJsonSchema(additional as Record<string, unknown>, named)));
      }
      const entries = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => {
          const schema = fromJsonSchema(value, named);
          return [key, required.has(key) ? schema : v.optional(schema)];
        }),
      );
      return object(entries, additional === false);
    }
    default:
      if (
        node.type === undefined &&
        Object.keys(node).every(
          (k) => !["if", "allOf", "oneOf", "anyOf", "enum", "const", "pattern", "format"].includes(k),
        )
      ) {
        return v.unknown();
      }
      throw new Error(`valibot peer: no translation for ${JSON.stringify(node).slice(0, 120)}`);
  }
}

const named = new Map<string, Schema>();
for (const s of readSchemas().filter((x) => x.api === "configs")) named.set(s.name, fromJsonSchema(s.schema, named));

export const valibotSchemas: Readonly<Record<string, Schema>> = { message, notification, config: named.get("config")! };
