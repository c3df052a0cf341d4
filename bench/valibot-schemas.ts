/**
 * valibot peer (bench/peers.ts): valibot 1 schemas written to the same rules as the generated validators, the way a
 * valibot user writes them.
 *
 * - message and notification: written by hand from bench/peer-rules.ts, a union with one member per declared media
 *   type (a `literal` `type` and its document) and one for any other media type (`OTHER_MEDIA_TYPE`, which also
 *   rejects a case variant of a declared one); the failed-notification rule is a `variant` on `event`. valibot's
 *   object schemas take an array for an object, so each object is piped after a plain-object `custom` check
 *   (JSON Schema's `object` is not an array).
 * - the Config tree: its schema files translated keyword for keyword (`configTree`): `strictObject`, `lazy` ...
 */
import * as v from "valibot";
import * as rules from "./peer-rules.js";

type Schema = v.GenericSchema;

const plainObject = v.custom<Record<string, unknown>>(rules.isObject, "must be an object");
/** A JSON Schema `object`: not an array, then the entries (extra keys kept, or refused when `strict`). */
const object = (entries: v.ObjectEntries, strict = false): Schema =>
  v.pipe(
    plainObject,
    (strict ? v.strictObject(entries) : v.looseObject(entries)) as unknown as v.GenericSchema<Record<string, unknown>>,
  );

const str = v.string();
const integer = v.pipe(v.number(), v.integer());
const nodeAddress = v.pipe(v.string(), v.regex(new RegExp(rules.NODE_ADDRESS, "u")));
const mediaType = v.pipe(v.string(), v.regex(new RegExp(rules.MEDIA_TYPE, "u")));
const otherMediaType = v.pipe(v.string(), v.regex(new RegExp(rules.OTHER_MEDIA_TYPE, "u")));

const chatState = object({ state: v.optional(v.picklist(rules.CHAT_STATES)) });
const mediaLink = object({ text: v.optional(str), type: v.optional(mediaType), uri: v.optional(str) });
const select = object({
  text: v.optional(str),
  options: v.optional(v.array(object({ order: v.optional(integer), text: v.optional(str) }))),
});
const documents: [string, Schema][] = [
  [rules.CONTENT_TYPES.text, str],
  [rules.CONTENT_TYPES.chatState, chatState],
  [rules.CONTENT_TYPES.collection, v.lazy(() => collection)],
  [rules.CONTENT_TYPES.container, v.lazy(() => container)],
  [rules.CONTENT_TYPES.mediaLink, mediaLink],
  [rules.CONTENT_TYPES.select, select],
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
      event: v.picklist(rules.EVENTS.filter((e) => e !== "failed")),
      reason: v.optional(reason),
    }),
  ]),
);

const configs: Map<string, Schema> = rules.configTree<Schema>({
  string: str,
  integer,
  number: v.number(),
  boolean: v.boolean(),
  unknown: v.unknown(),
  array: (items) => v.array(items),
  object: (properties, closed) =>
    object(
      Object.fromEntries(properties.map(({ key, schema, required }) => [key, required ? schema : v.optional(schema)])),
      closed,
    ),
  record: (values) => v.pipe(plainObject, v.record(v.string(), values)),
  ref: (name) => v.lazy(() => configs.get(name)!),
});

export const valibotSchemas: Readonly<Record<string, Schema>> = {
  message,
  notification,
  config: configs.get("config")!,
};
