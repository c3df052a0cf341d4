import { readFileSync } from "node:fs";

/**
 * The messaging rules the TypeBox and valibot peers (bench/typebox-schemas.ts, bench/valibot-schemas.ts) build their
 * schemas from, as data: one home for the patterns and the declared media types. Written from
 * schemas/messaging/{node-address,media-type,message,notification,reason}.schema.json and the six content documents.
 * (The typia peer spells the same patterns in its type declarations, bench/typia/messaging.ts: typia reads types, not values.)
 */

/** A `pattern` of a shipped messaging schema, read from the file: the peers never lag a rule change. */
function shippedPattern(file: string, ...path: string[]): string {
  let node: unknown = JSON.parse(
    readFileSync(new URL(`../generated/schemas/messaging/${file}`, import.meta.url), "utf8"),
  );
  for (const key of path) node = (node as Record<string, unknown>)[key];
  const { pattern } = node as { pattern?: unknown };
  if (typeof pattern !== "string") throw new Error(`bench/peer-rules.ts: no pattern at ${file}#/${path.join("/")}`);
  return pattern;
}

/** node-address.schema.json `pattern` (an FQDN-shaped domain). */
export const NODE_ADDRESS = shippedPattern("node-address.schema.json");
/** schedule.schema.json `when` `pattern` (every spelling of a UTC instant; the calendar is the `date-time` format's). */
export const SCHEDULE_WHEN = shippedPattern("schedule.schema.json", "properties", "when");
const MEDIA_TYPE_BODY = "[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$";
/** media-type.schema.json `pattern`: `type/subtype`, RFC 6838 restricted names, no parameters. */
export const MEDIA_TYPE = `^${MEDIA_TYPE_BODY}`;

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
 * A media type of a field that selects a document, other than a declared one: any spelling of a declared media type
 * (`TEXT/PLAIN`) is rejected rather than taken for an unknown type. Patterns without flags (TypeBox compiles them so),
 * hence the `[tT]` classes.
 */
export const OTHER_MEDIA_TYPE = `^(?!(?:${Object.values(CONTENT_TYPES).map(caseless).join("|")})$)${MEDIA_TYPE_BODY}`;

export const CHAT_STATES = ["starting", "composing", "paused", "deleting", "gone"] as const;
export const EVENTS = ["accepted", "dispatched", "received", "consumed", "failed"] as const;
