/**
 * TypeBox peer (bench/peers.ts): `TypeCompiler.Compile` of TypeBox types written to the same rules as the generated
 * validators, the way a TypeBox user writes them.
 *
 * - message and notification: written by hand from bench/peer-rules.ts. TypeBox has no `if`/`then`, so a document
 *   selected by a media type is a union with one member per declared media type (a `Literal` `type` and its document)
 *   and one for any other media type (`OTHER_MEDIA_TYPE`, which also rejects a case variant of a declared one); the
 *   failed-notification rule is a union on `event`. Collections and containers refer to each other with `Type.Ref`.
 * - the Config tree: its schema files translated keyword for keyword (`configTree`): `Type.Object`, `Type.Ref` ...
 */
import { Type, type TSchema } from "@sinclair/typebox";
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import * as rules from "./peer-rules.js";

const str = Type.String();
const nodeAddress = Type.String({ pattern: rules.NODE_ADDRESS });
const mediaType = Type.String({ pattern: rules.MEDIA_TYPE });
const otherMediaType = Type.String({ pattern: rules.OTHER_MEDIA_TYPE });
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

const chatState = Type.Object({ state: Type.Optional(literals(rules.CHAT_STATES)) });
const mediaLink = Type.Object({ text: Type.Optional(str), type: Type.Optional(mediaType), uri: Type.Optional(str) });
const select = Type.Object({
  text: Type.Optional(str),
  options: Type.Optional(Type.Array(Type.Object({ order: Type.Optional(Type.Integer()), text: Type.Optional(str) }))),
});
const documents: [string, TSchema][] = [
  [rules.CONTENT_TYPES.text, str],
  [rules.CONTENT_TYPES.chatState, chatState],
  [rules.CONTENT_TYPES.collection, Type.Ref("Collection")],
  [rules.CONTENT_TYPES.container, Type.Ref("Container")],
  [rules.CONTENT_TYPES.mediaLink, mediaLink],
  [rules.CONTENT_TYPES.select, select],
];

/** A union with one member per declared media type (its document) and one for any other media type. */
const byMediaType = (make: (type: TSchema, document: TSchema | undefined) => TSchema, options = {}) =>
  Type.Union(
    [...documents.map(([type, document]) => make(Type.Literal(type), document)), make(otherMediaType, undefined)],
    options,
  );

const collection = byMediaType(
  (itemType, document) =>
    document === undefined
      ? Type.Object({ itemType: Type.Optional(itemType), items: Type.Optional(Type.Array(Type.Unknown())) })
      : Type.Object({ itemType, items: Type.Optional(Type.Array(document)) }),
  { $id: "Collection" },
);
const container = byMediaType(
  (type, document) =>
    Type.Object({
      type: document === undefined ? Type.Optional(type) : type,
      value: Type.Optional(document ?? Type.Unknown()),
    }),
  { $id: "Container" },
);

const envelope = { id: Type.Optional(str), from: Type.Optional(nodeAddress) };
const message = byMediaType((type, document) =>
  Type.Object({
    ...envelope,
    to: nodeAddress,
    type,
    content: document ?? Type.Union([str, Type.Object({})]),
    metadata: Type.Optional(Type.Record(Type.String(), str)),
  }),
);
const reason = Type.Object({ code: Type.Integer(), description: Type.Optional(str) });
const notification = Type.Union([
  Type.Object({ ...envelope, to: Type.Optional(nodeAddress), event: Type.Literal("failed"), reason }),
  Type.Object({
    ...envelope,
    to: Type.Optional(nodeAddress),
    event: literals(rules.EVENTS.filter((e) => e !== "failed")),
    reason: Type.Optional(reason),
  }),
]);

const configs = rules.configTree<TSchema>({
  string: Type.String(),
  integer: Type.Integer(),
  number: Type.Number(),
  boolean: Type.Boolean(),
  unknown: Type.Unknown(),
  array: (items) => Type.Array(items),
  object: (properties, closed) =>
    Type.Object(
      Object.fromEntries(
        properties.map(({ key, schema, required }) => [key, required ? schema : Type.Optional(schema)]),
      ),
      { additionalProperties: !closed },
    ),
  record: (values) => Type.Record(Type.String(), values),
  ref: (name) => Type.Ref(name),
});
/** Each schema of the tree with its name as `$id`, for `Type.Ref` (a copy: spread keeps TypeBox's symbol keys). */
const references = [...configs].map(([name, schema]): TSchema => ({ ...schema, $id: name }));

export const typeboxChecks: Readonly<Record<string, TypeCheck<TSchema>>> = {
  message: TypeCompiler.Compile(message, [collection, container]),
  notification: TypeCompiler.Compile(notification),
  config: TypeCompiler.Compile(
    references.find((s) => s.$id === "config")!,
    references,
  ),
};
