/**
 * zod peer (bench/peers.ts): zod 4 schemas of the same rules as the generated validators, as a zod user writes them.
 *
 * - message and notification: written by hand from bench/peer-rules.ts. Open objects are `z.looseObject`, and the
 *   rules across fields (the content document a message's `type` selects, a failed notification's reason) are a
 *   `superRefine` that runs whenever the value is an object, so an invalid payload reports every broken rule. A case
 *   variant of a declared media type (`TEXT/PLAIN`) is an issue, not some other, unchecked type.
 * - the Config tree: its schema files translated keyword for keyword (`configTree`): `z.strictObject`, `z.record` ...
 *
 * Integers are checked with `Number.isInteger` (JSON Schema's `integer`; `z.int()` would also refuse those past 2^53).
 */
import { z } from "zod";
import { CHAT_STATES, CONTENT_TYPES, EVENTS, MEDIA_TYPE, NODE_ADDRESS, configTree, isObject } from "./peer-rules.js";

type Ctx = z.core.$RefinementCtx<Record<string, unknown>>;

const whenObject = { when: (payload: { value: unknown }) => isObject(payload.value) };

const optStr = z.string().optional();
const integer = z.number().refine((n) => Number.isInteger(n), "must be an integer");
const nodeAddress = z.string().regex(new RegExp(NODE_ADDRESS, "u"));
const optMediaType = z.string().regex(new RegExp(MEDIA_TYPE, "u")).optional();

/** Runs `schema` on `value` and reports its issues under `path`. */
function nested(ctx: Ctx, schema: z.ZodType, value: unknown, path: PropertyKey[]): void {
  const result = schema.safeParse(value);
  if (!result.success)
    for (const issue of result.error.issues)
      ctx.addIssue({ ...issue, path: [...path, ...issue.path] } as z.core.$ZodSuperRefineIssue);
}

/** The document `data[key]` selects, if any; a case variant of a declared media type is an issue. */
function documentOf(data: Record<string, unknown>, key: string, ctx: Ctx): z.ZodType | undefined {
  const type = data[key];
  if (typeof type !== "string") return undefined;
  const schema = documents.get(type);
  const declared = Object.values(CONTENT_TYPES).find((t) => t === type.toLowerCase());
  if (schema === undefined && declared !== undefined)
    ctx.addIssue({ code: "custom", message: `must be spelled ${declared}`, path: [key] });
  return schema;
}

// Items of a collection and the value of a container are documents of their declared media type.
const collection = z
  .looseObject({ itemType: optMediaType, items: z.array(z.unknown()).optional() })
  .superRefine((data, ctx) => {
    const schema = documentOf(data, "itemType", ctx);
    if (schema !== undefined && Array.isArray(data.items))
      data.items.forEach((item, index) => nested(ctx, schema, item, ["items", index]));
  }, whenObject);
const container = z.looseObject({ type: optMediaType, value: z.unknown().optional() }).superRefine((data, ctx) => {
  const schema = documentOf(data, "type", ctx);
  if (schema !== undefined && data.value !== undefined) nested(ctx, schema, data.value, ["value"]);
}, whenObject);

const documents = new Map<string, z.ZodType>([
  [CONTENT_TYPES.text, z.string()],
  [CONTENT_TYPES.chatState, z.looseObject({ state: z.enum(CHAT_STATES).optional() })],
  [CONTENT_TYPES.collection, collection],
  [CONTENT_TYPES.container, container],
  [CONTENT_TYPES.mediaLink, z.looseObject({ text: optStr, type: optMediaType, uri: optStr })],
  [
    CONTENT_TYPES.select,
    z.looseObject({
      text: optStr,
      options: z.array(z.looseObject({ order: integer.optional(), text: optStr })).optional(),
    }),
  ],
]);

const required = (ctx: Ctx, key: string) => ctx.addIssue({ code: "custom", message: "is required", path: [key] });

const message = z
  .looseObject({
    id: optStr,
    from: nodeAddress.optional(),
    to: nodeAddress,
    type: z.string().regex(new RegExp(MEDIA_TYPE, "u")),
    content: z.unknown(), // a string or an object; the document of a declared media type is checked below
    metadata: z.record(z.string(), z.string()).optional(),
  })
  .superRefine((data, ctx) => {
    const content = data.content;
    if (content === undefined) return required(ctx, "content");
    if (typeof content !== "string" && !isObject(content))
      ctx.addIssue({ code: "custom", message: "must be a string or an object", path: ["content"] });
    const schema = documentOf(data, "type", ctx);
    if (schema !== undefined) nested(ctx, schema, content, ["content"]);
  }, whenObject);

const notification = z
  .looseObject({
    id: optStr,
    from: nodeAddress.optional(),
    to: nodeAddress.optional(),
    event: z.enum(EVENTS),
    reason: z.looseObject({ code: integer, description: optStr }).optional(),
  })
  .superRefine((data, ctx) => {
    if (data.event === "failed" && data.reason === undefined) required(ctx, "reason");
  }, whenObject);

const configs: Map<string, z.ZodType> = configTree<z.ZodType>({
  string: z.string(),
  integer,
  number: z.number(),
  boolean: z.boolean(),
  unknown: z.unknown(),
  array: (items) => z.array(items),
  object: (properties, closed) =>
    (closed ? z.strictObject : z.looseObject)(
      Object.fromEntries(properties.map(({ key, schema, required }) => [key, required ? schema : schema.optional()])),
    ),
  record: (values) => z.record(z.string(), values),
  ref: (name) => z.lazy(() => configs.get(name)!),
});

export const zodSchemas: Readonly<Record<string, z.ZodType>> = {
  message,
  notification,
  config: configs.get("config")!,
};
