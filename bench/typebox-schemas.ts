/**
 * TypeBox peer (bench/peers.ts): `TypeCompiler.Compile` of TypeBox types written to the same rules as the generated
 * validators, the way a TypeBox user writes them.
 *
 * - message and notification: written by hand from bench/peer-rules.ts. TypeBox has no `if`/`then`, so a document
 *   selected by a media type is a union with one member per declared media type (a `Literal` `type` and its document)
 *   and one for any other media type (`OTHER_MEDIA_TYPE`, which also rejects a case variant of a declared one); the
 *   failed-notification rule is a union on `event`. Collections and containers refer to each other with `Type.Ref`.
 * - the Config tree: its schema files (generated/schemas/configs/, plain `type` / `properties` / `items` / `$ref` /
 *   `additionalProperties`) translated keyword for keyword into `Type.Object` / `Type.Array` / `Type.Ref` ... (what
 *   a team moving to TypeBox would write; the translation fails on a keyword it does not know).
 */
import { Type, type TSchema } from "@sinclair/typebox";
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import { CHAT_STATES, CONTENT_TYPES, EVENTS, MEDIA_TYPE, NODE_ADDRESS, OTHER_MEDIA_TYPE } from "./peer-rules.js";
import { readSchemas } from "./shared.js";

const str = Type.String();
const nodeAddress = Type.String({ pattern: NODE_ADDRESS });
const mediaType = Type.String({ pattern: MEDIA_TYPE });
const otherMediaType = Type.String({ pattern: OTHER_MEDIA_TYPE });
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

const chatState = Type.Object({ state: Type.Optional(literals(CHAT_STATES)) });
const mediaLink = Type.Object({ text: Type.Optional(str), type: Type.Optional(mediaType), uri: Type.Optional(str) });
const select = Type.Object({
  text: Type.Optional(str),
  options: Type.Optional(Type.Array(Type.Object({ order: Type.Optional(Type.Integer()), text: Type.Optional(str) }))),
});
const documents: [string, TSchema][] = [
  [CONTENT_TYPES.text, str],
  [CONTENT_TYPES.chatState, chatState],
  [CONTENT_TYPES.collection, Type.Ref("Collection")],
  [CONTENT_TYPES.container, Type.Ref("Container")],
  [CONTENT_TYPES.mediaLink, mediaLink],
  [CONTENT_TYPES.select, select],
];

/** The members of an object whose `key` selects the document held by `value` (`make` builds one member). */
const byMediaType = (make: (type: TSchema, document: TSchema | undefined) => TSchema) =>
  Type.Union([
    ...documents.map(([type, document]) => make(Type.Literal(type), document)),
    make(otherMediaType, undefined),
  ]);

const collection = Type.Union(
  [
    ...documents.map(([type, document]) =>
      Type.Object({ itemType: Type.Literal(type), items: Type.Optional(Type.Array(document)) }),
    ),
    Type.Object({ itemType: Type.Optional(otherMediaType), items: Type.Optional(Type.Array(Type.Unknown())) }),
  ],
  { $id: "Collection" },
);
const container = Type.Union(
  [
    ...documents.map(([type, document]) => Type.Object({ type: Type.Literal(type), value: Type.Optional(document) })),
    Type.Object({ type: Type.Optional(otherMediaType), value: Type.Optional(Type.Unknown()) }),
  ],
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
    event: literals(EVENTS.filter((e) => e !== "failed")),
    reason: Type.Optional(reason),
  }),
]);

/** One JSON Schema node of the Config tree as the TypeBox type a user would write. */
function fromJsonSchema(node: Record<string, unknown>, id?: string): TSchema {
  const options = id === undefined ? {} : { $id: id };
  if (typeof node.$ref === "string") return Type.Ref(node.$ref.replace(/^.*\//, "").replace(/\.schema\.json$/, ""));
  switch (node.type) {
    case "string":
      return Type.String(options);
    case "integer":
      return Type.Integer(options);
    case "number":
      return Type.Number(options);
    case "boolean":
      return Type.Boolean(options);
    case "array":
      return Type.Array(
        node.items === undefined ? Type.Unknown() : fromJsonSchema(node.items as Record<string, unknown>),
        options,
      );
    case "object": {
      const required = new Set((node.required as string[] | undefined) ?? []);
      const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
      const additional = node.additionalProperties;
      if (Object.keys(properties).length === 0 && typeof additional === "object" && additional !== null) {
        return Type.Record(Type.String(), fromJsonSchema(additional as Record<string, unknown>), options);
      }
      const fields = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => {
          const schema = fromJsonSchema(value);
          return [key, required.has(key) ? schema : Type.Optional(schema)];
        }),
      );
      return Type.Object(fields, { ...options, additionalProperties: additional === false ? false : true });
    }
    default:
      if (
        node.type === undefined &&
        Object.keys(node).every(
          (k) => !["if", "allOf", "oneOf", "anyOf", "enum", "const", "pattern", "format"].includes(k),
        )
      ) {
        return Type.Unknown(options);
      }
      throw new Error(`typebox peer: no translation for ${JSON.stringify(node).slice(0, 120)}`);
  }
}

const configTree = readSchemas()
  .filter((s) => s.api === "configs")
  .map((s) => fromJsonSchema(s.schema, s.name));

export const typeboxChecks: Readonly<Record<string, TypeCheck<TSchema>>> = {
  message: TypeCompiler.Compile(message, [collection, container]),
  notification: TypeCompiler.Compile(notification),
  config: TypeCompiler.Compile(
    configTree.find((s) => s.$id === "config")!,
    configTree,
  ),
};
